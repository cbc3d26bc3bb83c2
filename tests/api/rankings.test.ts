import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { RankingEntry, RankingPositionResponse } from '../../server/contracts/rankings.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { rebuildAllRatings } from '../../server/modules/ingest/rebuild.js';

const USER_NOT_FOUND = '유저 정보를 찾을 수 없습니다.';

interface PoolRow {
  enlistment_no: string;
  nickname: string;
  rating: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  kills: number;
  deaths: number;
  mvp_count: number;
  clan_slug: string | null;
}

describe('SAL personal ranking', () => {
  const context = useLeagueTestApp();
  /** The sal-beginner pool as the database holds it, in ranking order (rating desc, ties by internal id). */
  let pool: PoolRow[];

  const get = (url: string) => context.app.inject({ url });

  const readPool = async () =>
    (
      await context.pool.query<PoolRow>(
        `SELECT p.enlistment_no, p.nickname, s.rating, s.matches, s.wins, s.losses, s.draws, s.kills, s.deaths, s.mvp_count,
                c.slug AS clan_slug
         FROM player_stats s JOIN leagues l ON l.id = s.league_id JOIN players p ON p.id = s.player_id
         LEFT JOIN clans c ON c.id = p.clan_id
         WHERE l.slug = 'sal-beginner' AND s.matches > 0
         ORDER BY s.rating DESC, s.player_id`,
      )
    ).rows;

  beforeAll(async () => {
    pool = await readPool();
  });

  it('gives the home Top 5 as a plain array of the five best ratings', async () => {
    const response = await get('/api/sal/user/ranking?limit=5');
    expect(response.statusCode).toBe(200);
    const rows = response.json<RankingEntry[]>();
    expect(rows.map((row) => row.playerId)).toEqual(pool.slice(0, 5).map((row) => row.enlistment_no));
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4, 5]);
  });

  it('carries every field of a ranking entry with the derived figures', async () => {
    const rows = (await get('/api/sal/user/ranking?limit=100')).json<RankingEntry[]>();
    expect(rows.length).toBe(Math.min(100, pool.length));
    rows.forEach((row, index) => {
      const expected = pool[index]!;
      expect(row).toMatchObject({
        rank: index + 1,
        playerId: expected.enlistment_no,
        nickname: expected.nickname,
        clanSlug: expected.clan_slug,
        rating: expected.rating,
        matches: expected.matches,
        win: expected.wins,
        lose: expected.losses,
        draw: expected.draws,
        mvpCount: expected.mvp_count,
        winRate: Math.round(((expected.wins + expected.draws / 2) / expected.matches) * 1000) / 10,
        killPerMatch: Math.round((expected.kills / expected.matches) * 100) / 100,
      });
      const kd = expected.kills + expected.deaths === 0 ? null : Math.round((expected.kills / (expected.kills + expected.deaths)) * 1000) / 10;
      expect(row.kd).toBe(kd);
      if (expected.clan_slug) expect(row.mark_bg).toMatch(/^\/clan-logos\//);
      else expect(row.clanName).toBeNull();
    });
  });

  it('pages with skip through the whole pool without repeating or skipping a row', async () => {
    const pageSize = 7;
    const seen: RankingEntry[] = [];
    for (let skip = 0; ; skip += pageSize) {
      const page = (await get(`/api/sal/user/ranking?limit=${pageSize}&skip=${skip}`)).json<RankingEntry[]>();
      seen.push(...page);
      if (page.length < pageSize) break;
    }
    expect(seen.map((row) => row.playerId)).toEqual(pool.map((row) => row.enlistment_no));
    expect(seen.map((row) => row.rank)).toEqual(pool.map((_row, index) => index + 1));
  });

  it('clamps limit to 100 and answers past the end with an empty array', async () => {
    const clamped = (await get('/api/sal/user/ranking?limit=1000')).json<RankingEntry[]>();
    expect(clamped.length).toBe(Math.min(100, pool.length));
    const past = await get(`/api/sal/user/ranking?limit=100&skip=${pool.length}`);
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
  });

  it.each(['skip=-1', 'limit=0', 'limit=abc', 'skip=1.5'])('rejects %s with 400', async (query) => {
    const response = await get(`/api/sal/user/ranking?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBeTypeOf('string');
  });

  it("places a player at their rank of the pool's total", async () => {
    for (const index of [0, Math.floor(pool.length / 2), pool.length - 1]) {
      const player = pool[index]!;
      const response = await get(`/api/sal/user/ranking/position/${player.enlistment_no}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<RankingPositionResponse>()).toEqual({
        playerId: player.enlistment_no,
        rank: index + 1,
        total: pool.length,
        rating: player.rating,
      });
    }
  });

  it('gives rank null to a player without a rated sal-beginner match', async () => {
    const { rows } = await context.pool.query<{ enlistment_no: string }>(
      `SELECT p.enlistment_no FROM players p WHERE NOT EXISTS (
         SELECT 1 FROM player_stats s JOIN leagues l ON l.id = s.league_id
         WHERE s.player_id = p.id AND l.slug = 'sal-beginner' AND s.matches > 0) LIMIT 1`,
    );
    const response = await get(`/api/sal/user/ranking/position/${rows[0]!.enlistment_no}`);
    expect(response.statusCode).toBe(200);
    expect(response.json<RankingPositionResponse>()).toMatchObject({ rank: null, total: pool.length });
  });

  it('answers an unknown player with 404 and the spec text', async () => {
    const response = await get('/api/sal/user/ranking/position/99999999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'player_not_found', message: USER_NOT_FOUND });
  });

  it('follows new matches: pages and positions reflect the ratings ingest just wrote', async () => {
    // Warm every cache first, so the test shows they are refreshed rather than built for the first time.
    await get('/api/sal/user/ranking?limit=100&skip=100');
    const last = context.records.filter((record): record is MatchRecord => record.type === 'match' && record.league === 'sal-beginner' && record.status === 'complete').at(-1)!;
    await context.ingest([{ ...last, matchId: 'ranking-test-rematch', startedAt: '2026-12-01T00:00:00.000Z' }]);
    pool = await readPool();

    const seen: RankingEntry[] = [];
    for (let skip = 0; ; skip += 100) {
      const page = (await get(`/api/sal/user/ranking?limit=100&skip=${skip}`)).json<RankingEntry[]>();
      seen.push(...page);
      if (page.length < 100) break;
    }
    expect(seen.map((row) => [row.playerId, row.rating])).toEqual(pool.map((row) => [row.enlistment_no, row.rating]));
    const player = last.players[0]!.playerId;
    const position = (await get(`/api/sal/user/ranking/position/${player}`)).json<RankingPositionResponse>();
    expect(position.rank).toBe(pool.findIndex((row) => row.enlistment_no === player) + 1);
  });

  it('follows a ratings rebuild at once, though a rebuild leaves the ingest version as it was', async () => {
    // Warm the order: a deep page and a position read it.
    const probe = pool[Math.floor(pool.length / 2)]!;
    await get('/api/sal/user/ranking?limit=100&skip=100');
    await get(`/api/sal/user/ranking/position/${probe.enlistment_no}`);
    const version = await context.pool.query('SELECT max(updated_at) AS at FROM ingest_states');

    // History corrected behind ingest's back (every sal-beginner result flipped), then the ratings rebuilt.
    await context.pool.query(
      `UPDATE matches SET winner = CASE winner WHEN 'blue' THEN 'red'::match_winner WHEN 'red' THEN 'blue'::match_winner ELSE winner END
       WHERE league_id = (SELECT id FROM leagues WHERE slug = 'sal-beginner')`,
    );
    await rebuildAllRatings(context.pool, undefined, context.app.leagueDataChanges.announce);
    expect((await context.pool.query('SELECT max(updated_at) AS at FROM ingest_states')).rows).toEqual(version.rows);
    pool = await readPool();

    const page = (await get('/api/sal/user/ranking?limit=100&skip=100')).json<RankingEntry[]>();
    expect(page.map((row) => [row.playerId, row.rating])).toEqual(pool.slice(100, 200).map((row) => [row.enlistment_no, row.rating]));
    const position = (await get(`/api/sal/user/ranking/position/${probe.enlistment_no}`)).json<RankingPositionResponse>();
    expect(position.rank).toBe(pool.findIndex((row) => row.enlistment_no === probe.enlistment_no) + 1);
    expect(position.rating).toBe(pool.find((row) => row.enlistment_no === probe.enlistment_no)!.rating);
  });
});
