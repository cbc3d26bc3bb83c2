import { toMonotonicMs, type TimedRead } from './loop-stalls.js';
import { percentile } from './realtime-load.js';
import { openPage } from './live-pages.js';
import type { PageKind, ReaderPopulation } from './live-traffic.js';
import { createTraffic } from './live-traffic.js';
import { ReaderBrowser, type ReadSample } from './reader-browser.js';

export interface ReadersOptions {
  readers: number;
  warmupSeconds: number;
  seconds: number;
  /** Seeds the pages drawn, so runs of one seed open the same pages in the same order. */
  seed: string;
}

export interface ReadRow {
  read: string;
  count: number;
  p50: number;
  p99: number;
  /**
   * Answers given without computing on their request (x-cache: hit from the public-read cache, kept or reshown from
   * the kept answers, ahead for match details made ready with their list), out of those the cache handled; null
   * when none.
   */
  hitShare: number | null;
  /**
   * The p99 of the answers given without computing, and of the others (computed on their request): whether a
   * read's tail is its computing or the wait every answer shares. Null when there are none of that kind.
   */
  p99Uncomputed: number | null;
  p99Computed: number | null;
  notModified: number;
  errors: number;
}

export interface PageRow {
  kind: PageKind;
  count: number;
  p50: number;
  p99: number;
}

export interface ReadersResult {
  reads: ReadRow[];
  pages: PageRow[];
  /** Over every read the public-read cache handled. */
  hitShare: number;
  /** Of those, the share answered from what the server computed ahead of the read (x-cache: ahead; match details with their list). */
  aheadShare: number;
  /** Of those, the share of kept answers shown with the rank or place that moved since (x-cache: reshown). */
  reshownShare: number;
  /**
   * Of those, the share answered without computing again what the server had computed or answered before in the
   * run (the "without recomputation"): only the first answer of each path, when computed, is not counted
   * against it, since nothing was computed for that path before. From cold, that is the first read of each page.
   */
  withoutRecomputationShare: number;
  /** The measured reads the public-read cache handled (what the shares above count), and those that computed again. */
  cachedReads: number;
  computedAgain: number;
  errors: number;
  /** Pages that were due in the measured window. */
  pagesOpened: number;
  /** The measured reads' times on the monotonic clock, to line up with the server's loop stalls (loop-stalls.ts). */
  timedReads: TimedRead[];
}

interface PageSample {
  kind: PageKind;
  dueAt: number;
  doneAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (value: number) => Math.round(value * 10) / 10;

function latencies<T extends { dueAt: number; doneAt: number }>(samples: readonly T[]): number[] {
  return samples.map((sample) => sample.doneAt - sample.dueAt).sort((a, b) => a - b);
}

function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * An answer nothing was computed for on its request: from the public-read cache's memory, a kept answer (as kept,
 * or reshown: with the rank or place others' matches moved read from the server's ranking order and standings in
 * memory), or one the server computed ahead of the request (a list page's match details, made ready with the list).
 */
const UNCOMPUTED: ReadonlySet<string | undefined> = new Set(['hit', 'kept', 'reshown', 'ahead']);
const answeredUncomputed = (sample: ReadSample) => UNCOMPUTED.has(sample.cache);
const share = (samples: readonly ReadSample[], counted: (sample: ReadSample) => boolean) =>
  samples.length ? samples.filter(counted).length / samples.length : 0;

/**
 * The samples that computed again what an earlier read of the run (a reader's, the warm-up's included) had
 * already had answered: every computed answer of a path but the first answer of that path, counted in the order
 * the reads were due. Two readers asking for a path nobody had asked for at once both compute it: the second counts.
 */
export function computedAgain(samples: readonly ReadSample[]): Set<ReadSample> {
  const asked = new Set<string>();
  const again = new Set<ReadSample>();
  for (const sample of [...samples].sort((a, b) => a.dueAt - b.dueAt)) {
    if (sample.failed) continue;
    if (asked.has(sample.path) && !answeredUncomputed(sample)) again.add(sample);
    asked.add(sample.path);
  }
  return again;
}

/** One row per read, by name (the names start with their page, so a page's reads stand together). */
function readRows(samples: readonly ReadSample[]): ReadRow[] {
  return [...groupBy(samples, (sample) => sample.read)].sort(([a], [b]) => a.localeCompare(b)).map(([read, group]) => {
    const sorted = latencies(group);
    const cached = group.filter((sample) => sample.cache !== undefined);
    const p99Of = (kind: readonly ReadSample[]) => (kind.length ? round(percentile(latencies(kind), 0.99)) : null);
    return {
      read,
      count: group.length,
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      hitShare: cached.length ? cached.filter(answeredUncomputed).length / cached.length : null,
      p99Uncomputed: p99Of(cached.filter(answeredUncomputed)),
      p99Computed: p99Of(cached.filter((sample) => !answeredUncomputed(sample))),
      notModified: group.filter((sample) => sample.status === 304).length,
      errors: group.filter((sample) => sample.failed).length,
    };
  });
}

/**
 * Readers on an open schedule: each opens a page (the web app's calls for it) every 1-3 s after the previous one
 * was due, whether or not that one has finished, so a slow server meets the same arrivals and its queue shows in
 * the times; every time is measured from when the call was due. The first `warmupSeconds` are not counted.
 */
export async function runReaders(baseUrl: string, population: ReaderPopulation, options: ReadersOptions): Promise<ReadersResult> {
  const traffic = createTraffic(population, options.seed);
  const reads: ReadSample[] = [];
  const pages: PageSample[] = [];
  const startedAt = performance.now();
  const countFrom = startedAt + options.warmupSeconds * 1000;
  const endAt = countFrom + options.seconds * 1000;
  const opened: Array<Promise<void>> = [];

  const reader = async (browser: ReaderBrowser) => {
    let dueAt = startedAt + traffic.firstArrivalMs();
    while (dueAt < endAt) {
      const wait = dueAt - performance.now();
      if (wait > 0) await sleep(wait);
      const visit = traffic.nextVisit();
      const due = dueAt;
      opened.push(openPage(browser, visit, due).then(() => {
        pages.push({ kind: visit.kind, dueAt: due, doneAt: performance.now() });
      }));
      dueAt += traffic.nextGapMs();
    }
  };
  const browsers = Array.from({ length: options.readers }, () => new ReaderBrowser(baseUrl, (sample) => reads.push(sample)));
  try {
    await Promise.all(browsers.map(reader));
    await Promise.all(opened);
  } finally {
    for (const browser of browsers) browser.close();
  }

  const inWindow = <T extends { dueAt: number }>(sample: T) => sample.dueAt >= countFrom && sample.dueAt < endAt;
  const measuredReads = reads.filter(inWindow);
  const measuredPages = pages.filter(inWindow);
  const cached = measuredReads.filter((sample) => sample.cache !== undefined);
  const again = computedAgain(reads);
  return {
    reads: readRows(measuredReads),
    pages: [...groupBy(measuredPages, (page) => page.kind)].map(([kind, group]) => {
      const sorted = latencies(group);
      return { kind, count: group.length, p50: round(percentile(sorted, 0.5)), p99: round(percentile(sorted, 0.99)) };
    }),
    hitShare: share(cached, answeredUncomputed),
    aheadShare: share(cached, (sample) => sample.cache === 'ahead'),
    reshownShare: share(cached, (sample) => sample.cache === 'reshown'),
    withoutRecomputationShare: share(cached, (sample) => !again.has(sample)),
    cachedReads: cached.length,
    computedAgain: cached.filter((sample) => again.has(sample)).length,
    errors: measuredReads.filter((sample) => sample.failed).length,
    pagesOpened: measuredPages.length,
    timedReads: measuredReads.map((sample) => ({ dueAt: toMonotonicMs(sample.dueAt), doneAt: toMonotonicMs(sample.doneAt) })),
  };
}
