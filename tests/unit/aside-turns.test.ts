import { describe, expect, it } from 'vitest';
import { createPublicReadCache } from '../../server/plugins/public-read-cache.js';

/**
 * A league's tables computed aside at a refresh (plugins/public-read-cache.ts, computeAside) go one to a turn of
 * the event loop: what arrived meanwhile (a reader, a chat message) is served between two of them, not after all.
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
});
