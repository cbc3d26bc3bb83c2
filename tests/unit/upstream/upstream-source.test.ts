import { Compile } from 'typebox/compile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  IngestRecord, type ClanRecord, type MatchRecord, type PlayerRecord,
} from '../../../server/contracts/ingest-record.js';
import type { MatchDetailResponse } from '../../../server/modules/game-api/open-api-types.js';
import { UpstreamClient, type UpstreamClientOptions } from '../../../server/modules/game-api/upstream-client.js';
import {
  UPSTREAM_AUTH_MESSAGE, UpstreamAuthError, UpstreamDataError,
} from '../../../server/modules/game-api/upstream-errors.js';
import { clanSlugOf, playerIdFromName, playerIdFromOuid } from '../../../server/modules/game-api/upstream-ids.js';
import {
  createUpstreamSource, type UpstreamSourceOptions,
} from '../../../server/modules/ingest/upstream-source.js';
import { startFakeUpstream, type FakeUpstream } from '../../helpers/fake-upstream.js';
import { clanMatch, roster } from './open-api-fixture.js';

const API_KEY = 'test-key';
const checkRecord = Compile(IngestRecord);

let fake: FakeUpstream;

function client(overrides: Partial<UpstreamClientOptions> = {}): UpstreamClient {
  return new UpstreamClient({ baseUrl: fake.url, apiKey: API_KEY, sleep: async () => {}, ...overrides });
}

async function collect(options: Partial<UpstreamSourceOptions> = {}, upstream = client()): Promise<IngestRecord[]> {
  const source = createUpstreamSource(upstream, { trackedPlayers: ['alpha', '재원77'], league: 'sal-beginner', ...options });
  const records: IngestRecord[] = [];
  for await (const record of source.records()) records.push(record);
  return records;
}

const matchesOf = (records: IngestRecord[]) => records.filter((record): record is MatchRecord => record.type === 'match');
const clansOf = (records: IngestRecord[]) => records.filter((record): record is ClanRecord => record.type === 'clan');
const playersOf = (records: IngestRecord[]) => records.filter((record): record is PlayerRecord => record.type === 'player');
const timeOf = (record: IngestRecord) => Date.parse(record.type === 'match' ? record.startedAt : record.at);

/** Royal Raven (alpha's clan) against 하얀저격단 (재원77's clan), added out of time order. */
function addLeague(): void {
  const raven = {
    clan: 'Royal Raven',
    players: [
      { name: 'alpha', kill: 8, death: 4, assist: 2, headshot: 3, damage: 1500 },
      { name: 'raven2', kill: 0, death: 7, assist: 1, headshot: 0, damage: 500 },
      { name: 'raven3', damage: 1000 },
      { name: 'raven4', damage: 1000 },
      { name: 'raven5', damage: 1000 },
    ],
  };
  const snipers = roster('하얀저격단', 'white');
  snipers.players[0] = { name: '재원77', kill: 10, headshot: 5, damage: 2000 };
  fake.addPlayer({ ouid: 'ouid-alpha', userName: 'alpha' });
  fake.addPlayer({ ouid: 'ouid-jaewon', userName: '재원77' });
  fake.addMatch(clanMatch({ id: 'm-10h', at: '2025-06-30T10:00:00.000Z', winner: 'blue', blue: raven, red: snipers }));
  fake.addMatch(clanMatch({ id: 'm-09h', at: '2025-06-30T18:00:00+09:00', winner: 'red', blue: snipers, red: raven, map: null }));
  fake.addMatch(clanMatch({ id: 'm-11h', at: '2025-06-30T11:00:00.000Z', winner: 'draw', blue: raven, red: snipers }));
  fake.addMatch(clanMatch({ id: 'quick', at: '2025-06-30T12:00:00.000Z', winner: 'blue', blue: raven, red: snipers, matchType: 'quick' }));
}

beforeEach(async () => {
  fake = await startFakeUpstream({ apiKey: API_KEY });
});

afterEach(async () => {
  await fake.close();
});

describe('createUpstreamSource', () => {
  it('turns the clan matches of the tracked players into contract records, in time order', async () => {
    addLeague();
    const records = await collect();

    expect(records.filter((record) => !checkRecord.Check(record))).toEqual([]);
    expect(records.map(timeOf)).toEqual(records.map(timeOf).sort((a, b) => a - b));
    const matches = matchesOf(records);
    expect(matches.map((match) => [match.matchId, match.startedAt, match.winner])).toEqual([
      ['m-09h', '2025-06-30T09:00:00.000Z', 'red'],
      ['m-10h', '2025-06-30T10:00:00.000Z', 'blue'],
      ['m-11h', '2025-06-30T11:00:00.000Z', 'draw'],
    ]);
    expect(fake.requestCount('/match-detail')).toBe(3);

    const whiteSlug = clanSlugOf('하얀저격단');
    expect(whiteSlug).toMatch(/^c-[0-9a-f]{10}$/);
    expect(clansOf(records).map((clan) => [clan.slug, clan.name, clan.league])).toEqual([
      [whiteSlug, '하얀저격단', 'sal-beginner'],
      ['royal-raven', 'Royal Raven', 'sal-beginner'],
    ]);

    const [first, second] = matches;
    expect(first).toMatchObject({
      map: null, blueClanSlug: whiteSlug, redClanSlug: 'royal-raven', blueScore: null, redScore: null,
      status: 'complete', playTimeSeconds: 0, league: 'sal-beginner',
    });
    expect(second).toMatchObject({ map: '제3보급창고', blueClanSlug: 'royal-raven', redClanSlug: whiteSlug });
    const alphaId = playerIdFromOuid('ouid-alpha');
    const rows = new Map(second!.players.map((row) => [row.nickname, row]));
    expect(rows.get('alpha')).toEqual({
      playerId: alphaId, nickname: 'alpha', side: 'blue', kill: 8, death: 4, assist: 2, headshot: 3, damage: 1500,
      damagePercent: 30, headshotPercent: 37.5, weapon: 'rifle', dropout: false, corrected: false,
    });
    expect(rows.get('raven2')).toMatchObject({ playerId: playerIdFromName('raven2'), damagePercent: 10, headshotPercent: 0 });
    expect(rows.get('재원77')).toMatchObject({ playerId: playerIdFromOuid('ouid-jaewon'), side: 'red', damagePercent: 33.3, headshotPercent: 50 });
  });

  it('introduces every clan and player once, before the first match that names them', async () => {
    addLeague();
    const records = await collect();
    const firstMatch = records.findIndex((record) => record.type === 'match');
    expect(records.slice(0, firstMatch).map((record) => record.type)).toEqual([...'cc', ...'pppppppppp'].map((letter) => (letter === 'c' ? 'clan' : 'player')));
    expect(playersOf(records)).toHaveLength(10);
    expect(playersOf(records).find((player) => player.nickname === 'alpha')).toMatchObject({ clanSlug: 'royal-raven' });
  });

  it('yields no match again once its id is known, from a set or from a lookup', async () => {
    addLeague();
    const known = new Set(matchesOf(await collect()).map((match) => match.matchId));
    const detailsBefore = fake.requestCount('/match-detail');

    expect(await collect({ knownMatchIds: known })).toEqual([]);
    const asked: string[][] = [];
    const lookup = async (ids: string[]) => {
      asked.push(ids);
      return new Set(ids.filter((id) => known.has(id)));
    };
    expect(await collect({ knownMatchIds: lookup })).toEqual([]);
    expect(asked.map((ids) => [...ids].sort())).toEqual([['m-09h', 'm-10h', 'm-11h']]);
    expect(fake.requestCount('/match-detail')).toBe(detailsBefore);
  });

  it('goes on without a tracked name the upstream does not know', async () => {
    addLeague();
    const unknown: string[] = [];
    const records = await collect({ trackedPlayers: ['ghost', 'alpha', ' '], onUnknownPlayer: (name) => unknown.push(name) });
    expect(unknown).toEqual(['ghost']);
    expect(matchesOf(records)).toHaveLength(3);
  });

  it('fails with the spec message when the key is refused or missing', async () => {
    addLeague();
    for (const apiKey of [undefined, 'wrong']) {
      const error = await collect({}, client({ apiKey })).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UpstreamAuthError);
      expect((error as Error).message).toBe(UPSTREAM_AUTH_MESSAGE);
      if (apiKey === undefined) expect(fake.requestCount()).toBe(0);
    }
    expect(fake.requestCount('/id')).toBeGreaterThan(0);
    expect(fake.requestCount('/match')).toBe(0);
  });

  it('fetches many details without exceeding the client concurrency', async () => {
    await fake.close();
    fake = await startFakeUpstream({ apiKey: API_KEY, latencyMs: 5 });
    fake.addPlayer({ ouid: 'ouid-r1', userName: 'raven1' });
    fake.addPlayer({ ouid: 'ouid-w1', userName: 'white1' });
    for (let n = 0; n < 40; n += 1) {
      const at = new Date(Date.UTC(2025, 5, 1) + n * 3_600_000).toISOString();
      fake.addMatch(clanMatch({ id: `bulk-${n}`, at, winner: n % 2 ? 'blue' : 'red', blue: roster('Royal Raven', 'raven'), red: roster('하얀저격단', 'white') }));
    }
    const records = await collect({ trackedPlayers: ['raven1', 'white1'] }, client({ concurrency: 3 }));
    expect(matchesOf(records)).toHaveLength(40);
    expect(fake.requestCount('/match-detail')).toBe(40);
    expect(fake.maxConcurrent()).toBe(3);
  });

  const malformed: Array<[string, (detail: MatchDetailResponse) => void]> = [
    ['a field of the wrong type', (detail) => Object.assign(detail.match_detail[0]!, { damage: 'lots' })],
    ['results that contradict each other', (detail) => detail.match_detail.forEach((row) => Object.assign(row, { match_result: '1' }))],
    ['a side without clan', (detail) => detail.match_detail.forEach((row) => row.team_id === '2' && Object.assign(row, { clan_name: '' }))],
    ['more headshots than kills', (detail) => Object.assign(detail.match_detail[0]!, { kill: 1, headshot: 4 })],
  ];
  it.each(malformed)('reports %s as UpstreamDataError', async (_, corrupt) => {
    addLeague();
    const blue = roster('Royal Raven', 'raven');
    blue.players[0] = { name: 'alpha' };
    const detail = clanMatch({ id: 'bad', at: '2025-07-01T00:00:00.000Z', winner: 'blue', blue, red: roster('Blue Moon', 'moon') });
    corrupt(detail);
    fake.addMatch(detail);
    const error = await collect().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamDataError);
    expect((error as UpstreamDataError).path).toBe('/match-detail');
  });
});
