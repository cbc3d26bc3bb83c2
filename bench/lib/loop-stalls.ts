import type { LoopDelay } from './loop-delay.js';

/**
 * What the server's stalls did to the reads of a run: a stall (loop-delay-probe.mjs) is a stretch of 20 ms or more
 * in which the server's event loop ran nothing of its own. Every read in flight then waits it out, from memory or
 * not, so a read over the target that overlapped one was held by it. Each stall is split by what the main thread
 * did meanwhile: on a core (the collector's pauses among it, the rest the server's own work) or waiting for a core
 * the machine's other processes held (on this 2-core machine: PostgreSQL, the bench's clients, the live writer, the
 * server's own helper threads).
 */
export interface StallReport {
  stalls: number;
  stalledMs: number;
  /** Null when the probe could not read the thread's scheduler statistics (not Linux). */
  onCoreMs: number | null;
  waitingMs: number | null;
  collectorMs: number;
  /** The reads over `overMs`, and those of them that overlapped a stall. */
  slowReads: number;
  slowReadsInStalls: number;
  overMs: number;
}

/** A timed read, on the monotonic clock. */
export interface TimedRead {
  dueAt: number;
  doneAt: number;
}

/** performance.now() of this process on the monotonic clock that the server's probe reports in (process.hrtime). */
export function toMonotonicMs(performanceNow: number): number {
  return performanceNow + (Number(process.hrtime.bigint()) / 1e6 - performance.now());
}

/** The length of what two stretches share, in ms. */
const overlap = (start: number, end: number, otherStart: number, otherEnd: number) => Math.max(0, Math.min(end, otherEnd) - Math.max(start, otherStart));

/** The report of `reads` (on the monotonic clock) against the server's stalls of the same window; undefined without them. */
export function stallReport(delay: LoopDelay | undefined, reads: readonly TimedRead[], overMs: number): StallReport | undefined {
  if (!delay?.stalls) return undefined;
  const stalls = [...delay.stalls].sort((a, b) => a[0] - b[0]);
  const gcPauses = delay.gcPauses ?? [];
  const sumOf = (values: ReadonlyArray<number | null>) => (values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + value!, 0));
  const collectorMs = stalls.reduce((total, [start, ms]) =>
    total + gcPauses.reduce((inStall, [gcStart, gcMs]) => inStall + overlap(start, start + ms, gcStart, gcStart + gcMs), 0), 0);
  const slow = reads.filter((read) => read.doneAt - read.dueAt > overMs);
  const inStall = (read: TimedRead) => stalls.some(([start, ms]) => overlap(read.dueAt, read.doneAt, start, start + ms) > 0);
  return {
    stalls: stalls.length,
    stalledMs: stalls.reduce((total, [, ms]) => total + ms, 0),
    onCoreMs: sumOf(stalls.map((stall) => stall[2])),
    waitingMs: sumOf(stalls.map((stall) => stall[3])),
    collectorMs,
    slowReads: slow.length,
    slowReadsInStalls: slow.filter(inStall).length,
    overMs,
  };
}

/** As a phrase for the bench's report. */
export function formatStallReport(report: StallReport | undefined): string {
  if (!report) return 'server loop stalls: -';
  const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value).toLocaleString('en')} ms`);
  const share = report.slowReads ? `${Math.round((report.slowReadsInStalls / report.slowReads) * 100)}%` : '-';
  return `server loop stalls of 20 ms or more: ${report.stalls}, ${ms(report.stalledMs)} in all ` +
    `(main thread on a core ${ms(report.onCoreMs)}, the collector's pauses ${ms(report.collectorMs)} of it; waiting for a core ${ms(report.waitingMs)}); ` +
    `reads over ${report.overMs} ms: ${report.slowReads}, ${report.slowReadsInStalls} (${share}) of them in a stall`;
}
