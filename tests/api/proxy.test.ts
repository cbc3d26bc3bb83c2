import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import type {
  ProxyClanDetailResponse, ProxyClanMatchesResponse, ProxyMatchDetailResponse, ProxyPlayerDetailResponse,
  ProxyPlayerRankResponse,
} from '../../server/contracts/proxy.js';
import type { RankingPositionResponse } from '../../server/contracts/rankings.js';

const MESSAGES = {
  user: '유저 정보를 찾을 수 없습니다.',
  clan: '클랜 정보를 찾을 수 없습니다.',
  match: '매치 정보를 찾을 수 없습니다.',
  league: '존재하지 않는 리그입니다.',
};
const RESULT_LETTER = { W: 'win', L: 'lose', D: 'draw' } as const;

describe('proxy variant from the site\'s own data', () => {
  const context = useLeagueTestApp();
  /** The sal-beginner clan with the most matches. */
  let busyClan: { id: number; slug: string; name: string };

  const get = (url: string) => context.app.inject({ url });
  const query = async <T extends object>(sql: string, values: unknown[] = []) => (await context.pool.query<T>(sql, values)).rows;

  /** A clan's match ids in a league as the database orders them: newest first, then the larger id. */
  const clanMatchIds = async (clanId: number, league: string) =>
    (await query<{ external_id: string }>(
      `SELECT m.external_id FROM clan_matches cm JOIN matches m ON m.id = cm.match_id JOIN leagues l ON l.id = cm.league_id
       WHERE cm.clan_id = $1 AND l.slug = $2 ORDER BY cm.started_at DESC, cm.match_id DESC`,
      [clanId, league],
    )).map((row) => row.external_id);

  beforeAll(async () => {
    [busyClan] = await query<{ id: number; slug: string; name: string }>(
      `SELECT c.id, c.slug, c.name FROM clans c JOIN leagues l ON l.id = c.league_id JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = l.id
       WHERE l.slug = 'sal-beginner' ORDER BY s.matches DESC, c.id LIMIT 1`,
    ) as [{ id: number; slug: string; name: string }];
  });

  describe('clan detail', () => {
    it("answers message 'success' with the clan, its figures, rank, summary, first match page and league_clan", async () => {
      const response = await get(`/api/proxy/clan-detail/sal-beginner/${busyClan.slug}`);
      expect(response.statusCode).toBe(200);
      const { message, data } = response.json<ProxyClanDetailResponse>();
      expect(message).toBe('success');
      const [stats] = await query<{ rating: number; matches: number; wins: number; losses: number; draws: number; streak: number; recent_results: string }>(
        `SELECT s.* FROM clan_stats s JOIN leagues l ON l.id = s.league_id WHERE s.clan_id = $1 AND l.slug = 'sal-beginner'`,
        [busyClan.id],
      );
      expect(data).toMatchObject({
        clan: { id: busyClan.slug, slug: busyClan.slug, name: busyClan.name, division: 'sal-beginner', league_type: 'beginner' },
        league_clan: { id: `sal-beginner.${busyClan.slug}`, rating: stats!.rating },
        rating: stats!.rating,
        matches_count: stats!.matches,
        win: stats!.wins,
        lose: stats!.losses,
        draw: stats!.draws,
        win_straight: stats!.streak,
        placement: stats!.matches < 20,
      });

      const standings = (await get('/api/league/sal-beginner/standings')).json<Array<{ clanSlug: string; rank: number; totalMatches: number }>>();
      expect(data.rank).toBe(standings.find((row) => row.clanSlug === busyClan.slug)!.rank);
      expect(data.rank_count).toBe(standings.filter((row) => row.totalMatches > 0).length);

      const summary = data.match_summary;
      expect(summary.results).toEqual([...stats!.recent_results].map((letter) => RESULT_LETTER[letter as 'W' | 'L' | 'D']));
      expect(summary.count).toBe(summary.results.length);
      expect(summary.win + summary.lose + summary.draw).toBe(summary.count);
      expect(summary.win_straight).toBe(stats!.streak);
      expect(summary.player_summaries.length).toBeGreaterThan(0);
      for (const player of summary.player_summaries) expect(player.total).toBeLessThanOrEqual(summary.count);

      const opponents = await query<{ slug: string; matches: number; wins: number }>(
        `SELECT c.slug, o.matches, o.wins FROM clan_opponent_stats o JOIN clans c ON c.id = o.opponent_clan_id
         JOIN leagues l ON l.id = o.league_id WHERE o.clan_id = $1 AND l.slug = 'sal-beginner'`,
        [busyClan.id],
      );
      expect(summary.clan_summaries.length).toBe(Math.min(5, opponents.length));
      const totals = summary.clan_summaries.map((row) => row.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(totals[0]).toBe(Math.max(...opponents.map((row) => row.matches)));
      for (const row of summary.clan_summaries) {
        const expected = opponents.find((opponent) => opponent.slug === row.clan.slug)!;
        expect(row).toMatchObject({ total: expected.matches, win: expected.wins });
      }

      const ids = await clanMatchIds(busyClan.id, 'sal-beginner');
      expect(data.matches.data.map((match) => match.id)).toEqual(ids.slice(0, 20));
      expect(data.matches.metadata.cursor.next).toBeTypeOf('string');
    });

    it('answers an unknown clan with 404 and an unknown division with 400, with the spec texts', async () => {
      const clan = await get('/api/proxy/clan-detail/sal-beginner/no-such-clan');
      expect(clan.statusCode).toBe(404);
      expect(clan.json()).toEqual({ error: 'clan_not_found', message: MESSAGES.clan });
      const division = await get(`/api/proxy/clan-detail/no-such-division/${busyClan.slug}`);
      expect(division.statusCode).toBe(400);
      expect(division.json()).toEqual({ error: 'unknown_league', message: MESSAGES.league });
    });
  });

  describe('clan matches by cursor', () => {
    it('pages through every match of the clan, newest first, and ends without a next cursor', async () => {
      const ids = await clanMatchIds(busyClan.id, 'sal-beginner');
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const url = `/api/proxy/clan-matches/sal-beginner.${busyClan.slug}?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
        const body = (await get(url)).json<ProxyClanMatchesResponse>();
        expect(body.message).toBe('success');
        seen.push(...body.data.map((match) => match.id));
        cursor = body.metadata.cursor.next;
      } while (cursor);
      expect(seen).toEqual(ids);
    });

    it('never repeats or skips a match when new matches arrive between pages', async () => {
      const url = `/api/proxy/clan-matches/sal-beginner.${busyClan.slug}?limit=5`;
      const first = (await get(url)).json<ProxyClanMatchesResponse>();
      const [opponent] = await query<{ slug: string }>(
        `SELECT c.slug FROM clans c JOIN leagues l ON l.id = c.league_id WHERE l.slug = 'sal-beginner' AND c.id <> $1 LIMIT 1`,
        [busyClan.id],
      );
      const newest: MatchRecord = {
        type: 'match', matchId: 'proxy-test-new', league: 'sal-beginner', map: null, startedAt: '2026-12-01T00:00:00.000Z',
        playTimeSeconds: 0, status: 'recording', blueClanSlug: busyClan.slug, redClanSlug: opponent!.slug,
        blueScore: null, redScore: null, winner: null, players: [],
      };
      await context.ingest([newest]);

      const second = (await get(`${url}&cursor=${first.metadata.cursor.next}`)).json<ProxyClanMatchesResponse>();
      const ids = await clanMatchIds(busyClan.id, 'sal-beginner');
      expect(ids[0]).toBe('proxy-test-new');
      expect([...first.data, ...second.data].map((match) => match.id)).toEqual(ids.slice(1, 11));
      const top = (await get(url)).json<ProxyClanMatchesResponse>();
      expect(top.data[0]).toMatchObject({ id: 'proxy-test-new', status: 'recording', result: null, win: null });
    });

    it('describes each match from the clan\'s side', async () => {
      const body = (await get(`/api/proxy/clan-matches/sal-beginner.${busyClan.slug}?limit=20`)).json<ProxyClanMatchesResponse>();
      const complete = body.data.find((match) => match.status === 'complete')!;
      const [row] = await query<{ side: string; result: string; rating_before: number; rating_after: number; opponent: string; kills: number }>(
        `SELECT cm.side, cm.result, cm.rating_before, cm.rating_after, oc.slug AS opponent,
                (SELECT sum(kill)::int FROM match_players mp WHERE mp.match_id = cm.match_id AND mp.side = cm.side) AS kills
         FROM clan_matches cm JOIN matches m ON m.id = cm.match_id JOIN clans oc ON oc.id = cm.opponent_clan_id
         WHERE m.external_id = $1 AND cm.clan_id = $2`,
        [complete.id, busyClan.id],
      );
      expect(complete).toMatchObject({
        blue_team: row!.side === 'blue',
        result: row!.result,
        win: row!.result === 'win',
        rating: row!.rating_after,
        rating_update: row!.rating_after - row!.rating_before,
        kill: row!.kills,
        division_key: 'sal-beginner',
        league_clan: { id: `sal-beginner.${busyClan.slug}` },
        opponent: { clan: { slug: row!.opponent } },
      });
    });

    it.each(['not-base64-json', Buffer.from('{"t":1}').toString('base64url'), Buffer.from('[1,2]').toString('base64url')])(
      'rejects a cursor it did not make with 400: %s',
      async (cursor) => {
        const response = await get(`/api/proxy/clan-matches/sal-beginner.${busyClan.slug}?cursor=${cursor}`);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('invalid_cursor');
      },
    );

    it('answers an unknown league clan id with 404', async () => {
      for (const id of ['nodot', `no-league.${busyClan.slug}`, 'sal-beginner.no-such-clan']) {
        const response = await get(`/api/proxy/clan-matches/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'clan_not_found', message: MESSAGES.clan });
      }
    });
  });

  describe('match detail', () => {
    const matchOf = async (league: string, status = 'complete') =>
      (await query<{ id: number; external_id: string; winner: string | null; blue_score: number | null; red_score: number | null; mvp: string | null }>(
        `SELECT m.id, m.external_id, m.winner, m.blue_score, m.red_score, p.enlistment_no AS mvp
         FROM matches m JOIN leagues l ON l.id = m.league_id LEFT JOIN players p ON p.id = m.mvp_player_id
         WHERE l.slug = $1 AND m.status = $2 ORDER BY m.id LIMIT 1`,
        [league, status],
      ))[0]!;

    it('maps division keys: sanply is 27 (its slug works too), the supply leagues are supply', async () => {
      const sanply = await matchOf('sanply');
      expect((await get(`/api/proxy/match-detail/27/${sanply.external_id}`)).statusCode).toBe(200);
      expect((await get(`/api/proxy/match-detail/sanply/${sanply.external_id}`)).statusCode).toBe(200);
      const supply = await matchOf('supply-2');
      expect((await get(`/api/proxy/match-detail/supply/${supply.external_id}`)).json().data.division_key).toBe('supply');
      const wrong = await get(`/api/proxy/match-detail/sal-beginner/${supply.external_id}`);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toEqual({ error: 'match_not_found', message: MESSAGES.match });
    });

    it('lists both teams with every per-player field, the MVP marked and the score pair', async () => {
      const match = await matchOf('sal-beginner');
      const { message, data } = (await get(`/api/proxy/match-detail/sal-beginner/${match.external_id}`)).json<ProxyMatchDetailResponse>();
      expect(message).toBe('success');
      const rows = await query<{ enlistment_no: string; side: string; kill: number; damage: number; corrected: boolean; rating_before: number | null; rating_after: number | null }>(
        `SELECT p.enlistment_no, mp.side, mp.kill, mp.damage, mp.corrected, mp.rating_before, mp.rating_after
         FROM match_players mp JOIN players p ON p.id = mp.player_id WHERE mp.match_id = $1`,
        [match.id],
      );
      expect(data.blue.length + data.red.length).toBe(rows.length);
      expect(data.result_team).toBe(match.winner);
      expect(data.scores).toEqual([match.blue_score, match.red_score]);
      expect(data.mvp).toBe(match.mvp);
      for (const team of ['blue', 'red'] as const) {
        const teamKills = data[team].reduce((sum, player) => sum + player.kill, 0);
        for (const player of data[team]) {
          const row = rows.find((candidate) => candidate.enlistment_no === player.player.id)!;
          expect(row.side).toBe(team);
          expect(player.team).toBe(team);
          expect(player.isMvp).toBe(player.player.id === match.mvp);
          expect(player.isSniper).toBe(player.weapon === 'sniper');
          expect(player.damage).toBe(row.corrected && row.damage === 0 ? null : row.damage);
          expect(player.rating_update).toBe(row.rating_after === null || row.rating_before === null ? null : row.rating_after - row.rating_before);
          if (teamKills > 0) expect(player.kill_share).toBe(Math.round((player.kill / teamKills) * 1000) / 10);
          expect(player.win).toBe(player.result === 'win');
        }
      }
    });

    it('says a match is still recording', async () => {
      const match = await matchOf('sal-beginner', 'recording');
      const { data } = (await get(`/api/proxy/match-detail/sal-beginner/${match.external_id}`)).json<ProxyMatchDetailResponse>();
      expect(data).toMatchObject({ status: 'recording', result_team: null, scores: null, mvp: null, blue: [], red: [] });
    });

    it('answers an unknown match with 404 and an unknown division key with 400', async () => {
      const match = await get('/api/proxy/match-detail/sal-beginner/no-such-match');
      expect(match.json()).toEqual({ error: 'match_not_found', message: MESSAGES.match });
      const key = await get('/api/proxy/match-detail/3rdbase/anything');
      expect(key.statusCode).toBe(400);
      expect(key.json()).toEqual({ error: 'unknown_league', message: MESSAGES.league });
    });
  });

  describe('player detail', () => {
    it('gives the profile, rank of total, summary of the last 20 and the matches', async () => {
      const [player] = await query<{ id: number; enlistment_no: string; nickname: string; rating: number; matches: number; kills: number; mvp_count: number; recent_results: string; streak: number }>(
        `SELECT p.id, p.enlistment_no, p.nickname, s.rating, s.matches, s.kills, s.mvp_count, s.recent_results, s.streak
         FROM players p JOIN player_stats s ON s.player_id = p.id JOIN leagues l ON l.id = s.league_id
         WHERE l.slug = 'sal-beginner' ORDER BY s.matches DESC, p.id LIMIT 1`,
      );
      const response = await get(`/api/proxy/player-detail/sal-beginner/${player!.enlistment_no}`);
      expect(response.statusCode).toBe(200);
      const { message, data } = response.json<ProxyPlayerDetailResponse>();
      expect(message).toBe('success');
      const position = (await get(`/api/sal/user/ranking/position/${player!.enlistment_no}`)).json<RankingPositionResponse>();
      expect(data).toMatchObject({
        player: { id: player!.enlistment_no, name: player!.nickname, division: 'sal-beginner' },
        rating: player!.rating,
        rank: position.rank,
        rank_count: position.total,
        matches_count: player!.matches,
        kill: player!.kills,
        mvp_count: player!.mvp_count,
        kill_per_match: Math.round((player!.kills / player!.matches) * 100) / 100,
      });
      expect(data.stats).toMatchObject({ rating: data.rating, matches: data.matches_count, win: data.win, kill_per_match: data.kill_per_match });

      const recent = await query<{ external_id: string }>(
        `SELECT m.external_id FROM match_players mp JOIN matches m ON m.id = mp.match_id JOIN leagues l ON l.id = mp.league_id
         WHERE mp.player_id = $1 AND l.slug = 'sal-beginner' ORDER BY mp.started_at DESC, mp.match_id DESC LIMIT 20`,
        [player!.id],
      );
      expect(data.matches.map((match) => match.id)).toEqual(recent.map((row) => row.external_id));
      expect(data.match_summary.results).toEqual([...player!.recent_results].map((letter) => RESULT_LETTER[letter as 'W' | 'L' | 'D']));
      expect(data.match_summary.win_straight).toBe(player!.streak);
      expect(data.match_summary.clan_summaries.length).toBeGreaterThan(0);
    });

    it('answers an unknown player with 404 and the spec text', async () => {
      const response = await get('/api/proxy/player-detail/sal-beginner/99999999999');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'player_not_found', message: MESSAGES.user });
    });
  });

  describe('player rank by cursor', () => {
    const poolOrder = async (leagues: string[]) =>
      (await query<{ enlistment_no: string; slug: string }>(
        `SELECT p.enlistment_no, l.slug FROM player_stats s JOIN players p ON p.id = s.player_id JOIN leagues l ON l.id = s.league_id
         WHERE l.slug = ANY($1) AND s.matches > 0 ORDER BY s.rating DESC, s.player_id, s.league_id`,
        [leagues],
      )).map((row) => `${row.slug}:${row.enlistment_no}`);

    it.each([
      ['supply', ['supply-1', 'supply-2']],
      ['27', ['sanply']],
      ['sal-beginner', ['sal-beginner']],
    ])('pages through the %s ranking with continuous ranks and no next cursor at the end', async (division, leagues) => {
      const expected = await poolOrder(leagues);
      const seen: string[] = [];
      const ranks: number[] = [];
      let cursor: string | undefined;
      do {
        const body = (await get(`/api/proxy/player-rank/${division}?limit=30${cursor ? `&cursor=${cursor}` : ''}`)).json<ProxyPlayerRankResponse>();
        expect(body.message).toBe('success');
        seen.push(...body.data.map((row) => `${row.division}:${row.player.id}`));
        ranks.push(...body.data.map((row) => row.rank));
        cursor = body.metadata.cursor.next;
      } while (cursor);
      expect(seen).toEqual(expected);
      expect(ranks).toEqual(expected.map((_entry, index) => index + 1));
    });

    it('clamps the page to 100 rows', async () => {
      const body = (await get('/api/proxy/player-rank/sal-beginner?limit=500')).json<ProxyPlayerRankResponse>();
      expect(body.data.length).toBe(Math.min(100, (await poolOrder(['sal-beginner'])).length));
    });

    it('rejects a bad cursor and an unknown division with 400', async () => {
      expect((await get('/api/proxy/player-rank/supply?cursor=xyz')).statusCode).toBe(400);
      const unknown = await get('/api/proxy/player-rank/3rdbase');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ error: 'unknown_league', message: MESSAGES.league });
    });
  });
});
