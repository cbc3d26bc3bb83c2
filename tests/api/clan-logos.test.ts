import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { ClanRecord } from '../../server/contracts/ingest-record.js';

/** Reads a PNG as a browser would: its size and its RGBA pixels (filter type 0 rows, as the server writes). */
function decodePng(bytes: Buffer): { width: number; height: number; alphaAt(x: number, y: number): number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
    if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  return { width, height, alphaAt: (x, y) => raw[y * (width * 4 + 1) + 1 + x * 4 + 3]! };
}

describe('GET /clan-logos/{slug}-1.png and -2.png', () => {
  const ctx = useLeagueTestApp();
  let clan: ClanRecord;

  beforeAll(async () => {
    clan = ctx.records.find((record): record is ClanRecord => record.type === 'clan' && Boolean(record.markBg))!;
  });

  it('draws the background layer as an opaque mark and the front layer as an emblem on transparency', async () => {
    const background = await ctx.app.inject({ url: `/clan-logos/${clan.slug}-1.png` });
    expect(background.statusCode).toBe(200);
    expect(background.headers['content-type']).toBe('image/png');
    expect(background.headers['cache-control']).toBe('public, max-age=86400');
    const bg = decodePng(background.rawPayload);
    expect([bg.width, bg.height]).toEqual([128, 128]);
    expect(bg.alphaAt(64, 64)).toBe(255);
    expect(bg.alphaAt(0, 0)).toBe(0);

    const front = decodePng((await ctx.app.inject({ url: `/clan-logos/${clan.slug}-2.png` })).rawPayload);
    expect(front.alphaAt(0, 0)).toBe(0);
    let covered = 0;
    for (let y = 0; y < 128; y += 4) for (let x = 0; x < 128; x += 4) if (front.alphaAt(x, y) > 200) covered += 1;
    expect(covered).toBeGreaterThan(20);
    expect(covered).toBeLessThan(700);
  });

  it('answers 404 for an unknown clan, a clan without a mark and a name that is not a layer', async () => {
    await ctx.pool.query(`UPDATE clans SET mark_bg = NULL WHERE slug = $1`, [clan.slug]);
    for (const url of [`/clan-logos/${clan.slug}-1.png`, '/clan-logos/no-such-clan-1.png', `/clan-logos/${clan.slug}-3.png`, '/clan-logos/..%2Fsecret-1.png']) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
  });
});
