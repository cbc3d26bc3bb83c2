import type { Database } from '../../server/db/client.js';
import { linkPreviews } from '../../server/modules/previews/link-previews.js';

export interface PreviewCost {
  cards: number;
  /** First render of a card (facts read, SVG built, PNG drawn), in ms. */
  p50: number;
  p99: number;
  max: number;
  averageBytes: number;
  /** Resident memory the preview service took: its fonts, mark layers and every card drawn. */
  rssMegabytes: number;
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * What a link preview costs the server: each sample clan's card drawn once, cold, one after another in this
 * process (no load around it), timed from its address to its PNG; and the memory the service holds after.
 */
export async function measurePreviewCost(prisma: Database, clanSlugs: string[], league = 'sal-beginner'): Promise<PreviewCost> {
  const rssBefore = process.memoryUsage().rss;
  const previews = linkPreviews({ prisma, publicOrigin: 'http://localhost' });
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
    rssMegabytes: Math.round((process.memoryUsage().rss - rssBefore) / 1024 / 1024),
  };
}
