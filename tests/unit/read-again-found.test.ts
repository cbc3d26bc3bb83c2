import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import publicReadCache, { createPublicReadCache } from '../../server/plugins/public-read-cache.js';
import { readAgainAhead } from '../../server/plugins/read-again-ahead.js';

/**
 * Answers whose URLs are read from the database before they are computed again ahead (the pages of a live write's
 * clans: server/app.ts, played-clans-ahead.ts): `settled` waits for the read too, so whoever awaits it after a
 * change finds them computed; a failed read leaves them to their readers.
 */
describe('answers computed again once their URLs are found', () => {
  it('waits in settled() while the URLs are still being found, then computes them; leaves them when finding fails', async () => {
    const app = Fastify({ logger: false });
    const cache = createPublicReadCache({ asideRest: async () => undefined });
    await app.register(publicReadCache, { cache });
    let calls = 0;
    app.get('/clan/:slug', { config: { publicRead: true } }, async () => ({ calls: ++calls }));
    const ahead = readAgainAhead(app, cache);
    await app.ready();
    try {
      let found: (urls: Map<string, number | undefined>) => void = () => undefined;
      ahead.requestWhenFound(new Promise((resolve) => {
        found = resolve;
      }));
      let settled = false;
      const settling = ahead.settled().then(() => {
        settled = true;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      found(new Map([['/clan/found', undefined]]));
      await settling;
      expect(calls).toBe(1);
      expect((await app.inject({ url: '/clan/found' })).headers['x-cache']).toBe('ahead');

      ahead.requestWhenFound(Promise.reject(new Error('the database went away')));
      await ahead.settled();
      expect((await app.inject({ url: '/clan/unfound' })).headers['x-cache']).toBe('miss');
    } finally {
      await app.close();
    }
  });
});
