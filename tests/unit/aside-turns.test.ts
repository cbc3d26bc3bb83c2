import { describe, expect, it } from 'vitest';
import { createPublicReadCache } from '../../server/plugins/public-read-cache.js';

/**
 * A league's tables computed aside at a refresh (plugins/public-read-cache.ts, computeAside) go one at a time, each
 * followed by a rest as long as it took: what arrived meanwhile (a reader, a chat message) is served between two of
 * them, not after all, and the refresh holds the event loop half the time at most.
 */
describe('answers computed aside at a league refresh', () => {
  it('leaves the event loop between one answer and the next', async () => {
    const cache = createPublicReadCache();
    const order: string[] = [];
    // Work that arrives while the refresh runs: it must not wait for every answer to be computed.
    const arrived = () => setImmediate(() => order.push('work that arrived meanwhile'));
    await cache.computeAside(['/api/a', '/api/b', '/api/c'], 'token', async (url) => {
      order.push(`computed ${url}`);
      if (url === '/api/a') arrived();
    });
    expect(order).toEqual(['computed /api/a', 'work that arrived meanwhile', 'computed /api/b', 'computed /api/c']);
  });

  it('rests after each answer as long as computing it took', async () => {
    let clock = 0;
    const rests: number[] = [];
    const cache = createPublicReadCache({
      now: () => clock,
      asideRest: async (ms) => {
        rests.push(ms);
        clock += ms;
      },
    });
    const took: Record<string, number> = { '/api/standings': 40, '/api/summary': 12, '/api/top': 3 };
    await cache.computeAside(Object.keys(took), 'token', async (url) => {
      clock += took[url]!;
    });
    expect(rests).toEqual([40, 12, 3]);
  });
});
