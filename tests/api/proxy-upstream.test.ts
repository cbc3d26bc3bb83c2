import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProxyClanDetailResponse, ProxyMatchDetailResponse, ProxyPlayerDetailResponse } from '../../server/contracts/proxy.js';
import { ensureLeagues } from '../../server/db/seed.js';
import { UPSTREAM_AUTH_MESSAGE } from '../../server/modules/game-api/upstream-errors.js';
import { playerIdFromName } from '../../server/modules/game-api/upstream-ids.js';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.js';
import { createLeagueTestApp, type LeagueTestContext } from '../helpers/league-app.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { clanMatch, roster } from '../unit/upstream/open-api-fixture.js';

const API_KEY = 'fake-app-id';

describe('proxy variant forwarding to a configured upstream', () => {
  let upstream: FakeUpstream;
  let context: LeagueTestContext;
  let localPlayer: { enlistment_no: string; nickname: string };

  const get = (url: string) => context.app.inject({ url });

  beforeAll(async () => {
    upstream = await startFakeUpstream({ apiKey: API_KEY });
    context = await createLeagueTestApp(undefined, {
      PROXY_SOURCE: 'upstream',
      UPSTREAM_API_BASE: upstream.url,
      UPSTREAM_API_KEY: API_KEY,
      PROXY_CACHE_SECONDS: '60',
    });
    [localPlayer] = (
      await context.pool.query<{ enlistment_no: string; nickname: string }>(
        `SELECT p.enlistment_no, p.nickname FROM players p JOIN player_stats s ON s.player_id = p.id
         JOIN leagues l ON l.id = s.league_id WHERE l.slug = 'sal-beginner' ORDER BY s.matches DESC LIMIT 1`,
      )
    ).rows as [{ enlistment_no: string; nickname: string }];

    const blue = roster('Royal Raven', 'raven');
    blue.players[0] = { name: localPlayer.nickname, kill: 20, death: 2, assist: 4, headshot: 9, damage: 3000 };
    upstream.addPlayer({ ouid: 'ouid-local', userName: localPlayer.nickname });
    upstream.addMatch(clanMatch({ id: 'up-1', at: '2026-11-02T10:00:00Z', winner: 'blue', blue, red: roster('하얀저격단', 'snow') }));
    upstream.addMatch(clanMatch({ id: 'up-2', at: '2026-11-03T10:00:00Z', winner: 'red', blue, red: roster('하얀저격단', 'snow') }));
  });
  afterAll(async () => {
    await context.close();
    await upstream.close();
  });

  it('answers the match detail from the upstream, converted to the proxy shape, MVP marked', async () => {
    const response = await get('/api/proxy/match-detail/sal-beginner/up-1');
    expect(response.statusCode).toBe(200);
    const { message, data } = response.json<ProxyMatchDetailResponse>();
    expect(message).toBe('success');
    expect(data).toMatchObject({
      id: 'up-1',
      status: 'complete',
      result_team: 'blue',
      map: '제3보급창고',
      blue_clan: { slug: 'royal-raven', name: 'Royal Raven' },
      red_clan: { name: '하얀저격단' },
    });
    expect(data.blue).toHaveLength(5);
    expect(data.red).toHaveLength(5);
    // A nickname the site knows links to its local player; the others get the upstream's name-based id.
    const star = data.blue.find((row) => row.player.name === localPlayer.nickname)!;
    expect(star).toMatchObject({ kill: 20, death: 2, isMvp: true, result: 'win', win: true, rating: null });
    expect(star.player.id).toBe(localPlayer.enlistment_no);
    expect(data.mvp).toBe(localPlayer.enlistment_no);
    expect(data.red[0]!.player.id).toBe(playerIdFromName('snow1'));
    expect(data.red.every((row) => row.result === 'lose' && !row.isMvp)).toBe(true);
  });

  it('keeps upstream answers for a short while', async () => {
    const before = upstream.requestCount('/match-detail');
    const first = await get('/api/proxy/match-detail/sal-beginner/up-2');
    const second = await get('/api/proxy/match-detail/sal-beginner/up-2');
    expect(second.json()).toEqual(first.json());
    expect(upstream.requestCount('/match-detail') - before).toBe(1);
  });

  it('answers a match the upstream does not know with 404 and the match text', async () => {
    const response = await get('/api/proxy/match-detail/sal-beginner/no-such-match');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'match_not_found', message: '매치 정보를 찾을 수 없습니다.' });
  });

  it("takes a player's recent matches from the upstream and the profile from local data", async () => {
    const response = await get(`/api/proxy/player-detail/sal-beginner/${localPlayer.enlistment_no}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<ProxyPlayerDetailResponse>();
    expect(data.matches.map((match) => match.id)).toEqual(['up-2', 'up-1']);
    expect(data.matches.map((match) => match.result)).toEqual(['lose', 'win']);
    expect(data.match_summary).toMatchObject({ count: 2, win: 1, lose: 1, results: ['lose', 'win'], kill: 40, death: 4 });
    const [stats] = (
      await context.pool.query<{ rating: number; matches: number }>(
        `SELECT s.rating, s.matches FROM player_stats s JOIN players p ON p.id = s.player_id JOIN leagues l ON l.id = s.league_id
         WHERE p.enlistment_no = $1 AND l.slug = 'sal-beginner'`,
        [localPlayer.enlistment_no],
      )
    ).rows;
    expect(data).toMatchObject({ rating: stats!.rating, matches_count: stats!.matches });
  });

  it('serves what the upstream has no call for (clan pages, rankings) from local data', async () => {
    const [clan] = (await context.pool.query<{ slug: string }>(`SELECT slug FROM clans ORDER BY id LIMIT 1`)).rows;
    const league = (await context.pool.query<{ slug: string }>(
      `SELECT l.slug FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.slug = $1`, [clan!.slug],
    )).rows[0]!.slug;
    const detail = await get(`/api/proxy/clan-detail/${league}/${clan!.slug}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<ProxyClanDetailResponse>().data.clan.slug).toBe(clan!.slug);
    expect((await get('/api/proxy/player-rank/supply')).statusCode).toBe(200);
  });
});

describe('proxy variant with an upstream that refuses the key', () => {
  let upstream: FakeUpstream;
  const contexts: TestContext[] = [];

  async function appWith(overrides: Record<string, string>): Promise<TestContext> {
    const context = await createTestApp({ PROXY_SOURCE: 'upstream', UPSTREAM_API_BASE: upstream.url, ...overrides });
    await ensureLeagues(context.db.prisma);
    contexts.push(context);
    return context;
  }

  beforeAll(async () => {
    upstream = await startFakeUpstream({ apiKey: API_KEY, wrongKeyStatus: 400 });
    upstream.addMatch(clanMatch({ id: 'up-1', at: '2026-11-02T10:00:00Z', winner: 'blue', blue: roster('A', 'a'), red: roster('B', 'b') }));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await upstream.close();
  });

  it("answers 403 with the spec's app-id text when the upstream refuses the key", async () => {
    const { app } = await appWith({ UPSTREAM_API_KEY: 'wrong-key' });
    const response = await app.inject({ url: '/api/proxy/match-detail/sal-beginner/up-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'upstream_auth', message: UPSTREAM_AUTH_MESSAGE });
    // Refusals are not kept: the next call asks the upstream again.
    const before = upstream.requestCount('/match-detail');
    expect((await app.inject({ url: '/api/proxy/match-detail/sal-beginner/up-1' })).statusCode).toBe(403);
    expect(upstream.requestCount('/match-detail')).toBe(before + 1);
  });

  it('answers 403 without asking the upstream when no key is set', async () => {
    const { app } = await appWith({});
    const before = upstream.requestCount();
    const response = await app.inject({ url: '/api/proxy/match-detail/sal-beginner/up-1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'upstream_auth', message: UPSTREAM_AUTH_MESSAGE });
    expect(upstream.requestCount()).toBe(before);
  });
});
