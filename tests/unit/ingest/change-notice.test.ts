import { describe, expect, it } from 'vitest';
import { decodeChangeNotice, encodeChangeNotice, EVERYTHING, type LeagueDataChange } from '../../../server/modules/ingest/data-changes.js';

const match: LeagueDataChange = { leagues: ['sal-beginner'], clans: ['alpha', 'beta'], players: ['1000001', '1000002'], matches: ['m-1'] };

describe('league data change notices', () => {
  it('carry the origin and the change through a NOTIFY payload', () => {
    expect(decodeChangeNotice(encodeChangeNotice('server-1', match))).toEqual({ origin: 'server-1', change: match });
    expect(decodeChangeNotice(encodeChangeNotice('server-1', EVERYTHING))).toEqual({ origin: 'server-1', change: EVERYTHING });
  });

  it('send a description of 8000 bytes or more as everything', () => {
    const players = Array.from({ length: 800 }, (_, index) => String(10_000_000 + index));
    const payload = encodeChangeNotice('server-1', { ...match, players });
    expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(decodeChangeNotice(payload)).toEqual({ origin: 'server-1', change: EVERYTHING });
  });

  it('read anything that is not a description this code wrote as everything', () => {
    for (const payload of ['', 'a-bare-origin', '{"origin":"x","change":{"clans":"alpha"}}', '{"origin":"x"}']) {
      expect(decodeChangeNotice(payload).change).toEqual(EVERYTHING);
    }
  });
});
