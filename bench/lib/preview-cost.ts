import type { Database } from '../../server/db/client.js';
import { linkPreviews } from '../../server/modules/previews/link-previews.js';
import { createPreviewCache } from '../../server/modules/previews/preview-cache.js';
import { createStatsCore } from '../../server/modules/stats-core/stats-core.js';

export interface PreviewCost {
  cards: number;
  /** First render of a card (facts read, SVG built, PNG drawn), in ms. */
  p50: number;
  p99: number;
  max: number;
  averageBytes: number;
  /**
   * Memory the preview service holds after: its fonts and mark layers, the clans read and every card drawn (and the
   * statistics core's snapshots those reads loaded: the service here has a core of its own).
   */
  heapMegabytes: number;
  buffersMegabytes: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * What a link preview costs the server: each sample clan's card drawn once, cold, one after another in this
 * process (no load around it), timed from its address to its PNG (the site's card is drawn first, so the code is
 * warm; each clan still reads its figures and may draw mark layers not drawn before); and the memory the service
 * holds after. Its statistics core and cache are its own, as buildApp would build them, so nothing is warm for it.
 */
export async function measurePreviewCost(prisma: Database, clanSlugs: string[], league = 'sal-beginner'): Promise<PreviewCost> {
  const before = process.memoryUsage();
  const previews = linkPreviews({ core: createStatsCore(prisma, { keepFailed: (error) => console.warn(error) }), cache: createPreviewCache(), publicOrigin: 'http://localhost' });
  await previews.cardPng((await previews.cardFacts({ kind: 'site' }))!);
  const times: number[] = [];
  let bytes = 0;
  for (const slug of clanSlugs) {
    const started = performance.now();
    const facts = await previews.cardFacts({ kind: 'clan', league, slug });
    if (!facts) throw new Error(`preview cost: clan ${slug} has no card`);
    bytes += (await previews.cardPng(facts)).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    cards: times.length,
    p50: round(percentile(times, 0.5)),
    p99: round(percentile(times, 0.99)),
    max: round(times[times.length - 1] ?? 0),
    averageBytes: Math.round(bytes / Math.max(1, times.length)),
    heapMegabytes: megabytes(process.memoryUsage().heapUsed - before.heapUsed),
    buffersMegabytes: megabytes(process.memoryUsage().arrayBuffers - before.arrayBuffers),
  };
}
