import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { computedThrough, type PublicReadCache } from './public-read-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers being read that a change cleared, computed again (paced refreshes only): what tests await. */
    readAgainAhead?: ReadAgainAhead;
  }
}

/** Most URLs waiting to be computed again; past it, a change's answers are left to their readers. */
const MOST_WAITING = 1000;

/**
 * Answers being read, computed again in the background once a change clears them (docs/caching.md, "Answers being
 * read, computed again after a change"): while the league is live, a match clears its clans' and players' pages
 * every second or so, and the next reader of a busy clan's page computed it. Each URL the cache's invalidate names
 * (an answer served from memory within the last 30 s, or the one it was computed again in place of) is computed
 * through the app once, aside (it reads and keeps nothing of the cache while it runs, and no rate limit counts it),
 * and kept as computed ahead, unless a reader came first.
 *
 * One URL at a time, each followed by a rest as long as it took (computeAside), so the work holds the loop half the
 * time at most; URLs asked again while they wait are computed once. Returns what the app's change listener feeds.
 */
export function readAgainAhead(app: FastifyInstance, cache: PublicReadCache) {
  const token = randomUUID();
  /** The URLs waiting, with when each was last read (undefined: not read yet, a page made ahead of its first reader). */
  const waiting = new Map<string, number | undefined>();
  /** URLs still being found (requestWhenFound) before they wait. */
  const finding = new Set<Promise<void>>();
  let running: Promise<void> | undefined;
  let closed = false;
  const compute = computedThrough(app, token);

  async function drain(): Promise<void> {
    // A Map's iteration visits what is added meanwhile, and again a URL deleted and added again.
    for (const [url, lastReadAt] of waiting) {
      waiting.delete(url);
      if (closed) break;
      try {
        await cache.computeAgain(url, lastReadAt, token, compute);
      } catch (error) {
        app.log.warn({ err: error, url }, 'an answer being read could not be computed again ahead; its next reader computes it');
      }
    }
    running = undefined;
  }

  app.addHook('onClose', async () => {
    closed = true;
    waiting.clear();
    await running;
  });

  const ahead = {
    /**
     * Computes the answers of `urls` (with when each was last read, undefined for none yet) again in the background,
     * after those waiting.
     */
    request(urls: ReadonlyMap<string, number | undefined>): void {
      if (closed) return;
      for (const [url, lastReadAt] of urls) if (waiting.size < MOST_WAITING) waiting.set(url, lastReadAt);
      if (!running && waiting.size > 0) running = drain();
    },
    /**
     * As `request`, once `found` names the URLs (a read of the database: the clans of a live write's matches);
     * `settled` waits for it too. If finding them fails, they are left to their readers.
     */
    requestWhenFound(found: Promise<ReadonlyMap<string, number | undefined>>): void {
      const requested = found.then((urls) => ahead.request(urls), (error: unknown) => {
        app.log.warn({ err: error }, 'the answers to compute again ahead could not be found; their readers compute them');
      });
      finding.add(requested);
      void requested.finally(() => finding.delete(requested));
    },
    /** Resolves once none is being found, waits or is being computed: what tests await after a change. */
    async settled(): Promise<void> {
      while (running || finding.size > 0) await Promise.all([running, ...finding]);
    },
  };
  app.decorate('readAgainAhead', ahead);
  return ahead;
}

export type ReadAgainAhead = ReturnType<typeof readAgainAhead>;
