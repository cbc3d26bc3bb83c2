import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { ClanRecord } from '../../server/contracts/ingest-record.js';

describe('compressed answers', () => {
  const ctx = useLeagueTestApp();
  let url: string;

  beforeAll(async () => {
    const clan = ctx.records.find((record): record is ClanRecord => record.type === 'clan')!;
    url = `/api/league/${clan.league}/clan-matches/${clan.slug}?skip=0&limit=20`;
  });

  const get = (encoding?: string) => ctx.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a big answer brotli-compressed to a browser that takes it, the same data computed or from the cache', async () => {
    const computed = await get('gzip, deflate, br');
    const cached = await get('gzip, deflate, br');
    expect([computed.headers['x-cache'], cached.headers['x-cache']]).toEqual(['miss', 'hit']);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const response of [computed, cached]) {
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('sends gzip to a client that takes only gzip, and a small answer as it is', async () => {
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual((await get()).json());

    const small = await ctx.app.inject({ url: '/api/site', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
