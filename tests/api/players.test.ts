import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import { buildApp } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import type { PlayerMatchItem, PlayerRecentResponse } from '../../server/contracts/matches.js';
import type {
  PlayerRatingHistoryResponse, PlayerSummaryResponse, RefreshClanResponse,
} from '../../server/contracts/players.js';
import { INGEST_LOCK_KEY } from '../../server/modules/ingest/ingest-lock.js';
import { resultForSide, type MatchResult } from '../../server/modules/rating/match-result.js';
import { pickMvp } from '../../server/modules/rating/mvp.js';
import { currentStreak } from '../../server/modules/rating/streak.js';

const USER_NOT_FOUND = '유저 정보를 찾을 수 없습니다.';

const winRate = (wins: number, draws: number, total: number) =>
  total === 0 ? null : Math.round(((wins + draws / 2) / total) * 1000) / 10;

describe('player calls (league-name variant)', () => {
  const context = useLeagueTestApp();
  let matches: MatchRecord[];
  /** The player with the most rows, in a clan, and the league of that clan. */
  let playerId: string;
  let league: string;

  /** The player's rows in a league, newest first, with the match they belong to. */
  function rowsOf(id: string, leagueSlug?: string) {
    return matches
      .filter((match) => leagueSlug === undefined || match.league === leagueSlug)
      .flatMap((match) => match.players.filter((row) => row.playerId === id).map((row) => ({ match, row })))
      .sort((a, b) => Date.parse(b.match.startedAt) - Date.parse(a.match.startedAt));
  }

  beforeAll(async () => {
    const byId = new Map<string, MatchRecord>();
    for (const record of context.records) if (record.type === 'match') byId.set(record.matchId, record);
    matches = [...byId.values()];
    const { rows } = await context.pool.query<{ enlistment_no: string; league: string }>(
      `SELECT p.enlistment_no, l.slug AS league FROM players p JOIN clans c ON c.id = p.clan_id
       JOIN leagues l ON l.id = c.league_id JOIN player_stats s ON s.player_id = p.id AND s.league_id = l.id
       ORDER BY s.matches DESC, p.enlistment_no LIMIT 1`,
    );
    ({ enlistment_no: playerId, league } = rows[0]!);
  });

  describe('GET /api/league/player/{playerId}/summary', () => {
    it('gives the player, clan, record, K/D, average kills and MVPs of the league of their clan', async () => {
      const response = await context.app.inject({ url: `/api/league/player/${playerId}/summary` });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<PlayerSummaryResponse>();
      const counted = rowsOf(playerId, league).filter(({ match, row }) => match.status === 'complete' && !row.dropout);
      const results: MatchResult[] = counted.map(({ match, row }) => resultForSide(match.winner!, row.side));
      const count = (result: MatchResult) => results.filter((value) => value === result).length;
      const kills = counted.reduce((sum, { row }) => sum + row.kill, 0);
      const deaths = counted.reduce((sum, { row }) => sum + row.death, 0);
      const mvps = counted.filter(({ match, row }) => pickMvp(match.players, match.winner!) === row.playerId).length;

      expect(data).toMatchObject({
        playerId, id: playerId, leagueName: league, hasRecord: true, totalMatches: counted.length,
        win: count('win'), lose: count('lose'), draw: count('draw'), kill: kills, death: deaths, mvp: mvps, mvpCount: mvps,
        winRate: winRate(count('win'), count('draw'), counted.length),
        kdRate: Math.round((kills / (kills + deaths)) * 1000) / 10,
        avgKill: Math.round((kills / counted.length) * 100) / 100,
        placement: counted.length >= 1 && counted.length <= 19,
      });
      expect(data.clan).not.toBeNull();
      expect(data.clanSlug).toBe(data.clan!.slug);
      expect(data.clanMark).toEqual({ mark_bg: data.clan!.mark_bg, mark_front: data.clan!.mark_front });
      expect(data.recentResults).toEqual(results.slice(0, 20));
      expect(data.streak.value).toBe(currentStreak(results));
      expect(data.recent.count).toBe(Math.min(20, counted.length));
      expect(data.recent.kill).toBe(counted.slice(0, 20).reduce((sum, { row }) => sum + row.kill, 0));
      expect(data.opponents.length).toBeLessThanOrEqual(5);
      const totals = data.opponents.map((opponent) => opponent.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
    });

    it('ranks the player by rating in the league (then by id), out of the players with a match there', async () => {
      const { data } = (await context.app.inject({ url: `/api/league/player/${playerId}/summary` })).json<PlayerSummaryResponse>();
      const { rows } = await context.pool.query<{ rank: number; total: number }>(
        `WITH me AS (SELECT s.rating, s.player_id, s.league_id FROM player_stats s JOIN players p ON p.id = s.player_id
                     JOIN leagues l ON l.id = s.league_id WHERE p.enlistment_no = $1 AND l.slug = $2)
         SELECT (SELECT count(*) FROM player_stats o, me WHERE o.league_id = me.league_id AND o.matches > 0
                   AND (o.rating > me.rating OR (o.rating = me.rating AND o.player_id < me.player_id)))::int + 1 AS rank,
                (SELECT count(*) FROM player_stats o, me WHERE o.league_id = me.league_id AND o.matches > 0)::int AS total`,
        [playerId, league],
      );
      expect({ rank: data.rank, total: data.total }).toEqual(rows[0]);
      expect(data.topPercent).toBe(Math.round((rows[0]!.rank / rows[0]!.total) * 1000) / 10);
    });

    it('says "no record" for a player without a clan, and 404 with the user text for an unknown id', async () => {
      const { rows } = await context.pool.query<{ enlistment_no: string }>(
        'SELECT enlistment_no FROM players WHERE clan_id IS NULL ORDER BY enlistment_no LIMIT 1',
      );
      const { data } = (await context.app.inject({ url: `/api/league/player/${rows[0]!.enlistment_no}/summary` })).json<PlayerSummaryResponse>();
      expect(data).toMatchObject({ clan: null, clanSlug: null, clanName: null, hasRecord: false });

      for (const id of ['99999999999', 'not-a-number']) {
        const missing = await context.app.inject({ url: `/api/league/player/${id}/summary` });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ error: 'player_not_found', message: USER_NOT_FOUND });
      }
      const badLeague = await context.app.inject({ url: `/api/league/player/${playerId}/summary?league=nope` });
      expect(badLeague.statusCode).toBe(400);
    });
  });

  describe('GET /api/league/player/{playerId}/recent', () => {
    const pageUrl = (skip: number, limit: number) => `/api/league/player/${playerId}/recent?skip=${skip}&limit=${limit}&onlySAL=1`;

    async function readAll(limit: number): Promise<PlayerRecentResponse[]> {
      const pages: PlayerRecentResponse[] = [];
      for (let skip = 0; ; skip += limit) {
        const page = (await context.app.inject({ url: pageUrl(skip, limit) })).json<PlayerRecentResponse>();
        pages.push(page);
        if (!page.hasMore) return pages;
      }
    }

    it('pages of 10 (mobile) and 20 (desktop) both give every match of the league once, newest first, with total', async () => {
      const expected = rowsOf(playerId, league);
      const byTen = (await readAll(10)).flatMap((page) => page.data);
      const pagesOfTwenty = await readAll(20);
      const byTwenty = pagesOfTwenty.flatMap((page) => page.data);
      expect(pagesOfTwenty[0]!.total).toBe(expected.length);
      expect(byTen.map((row) => row.matchId)).toEqual(byTwenty.map((row) => row.matchId));
      expect(new Set(byTen.map((row) => row.matchId))).toEqual(new Set(expected.map(({ match }) => match.matchId)));
      expect(byTen).toHaveLength(expected.length);
      const times = byTen.map((row) => Date.parse(row.startAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('shows each match from the player\'s team: result, rating change, K/D/A, kill share and both rosters', async () => {
      const expected = new Map(rowsOf(playerId, league).map((entry) => [entry.match.matchId, entry]));
      const { rows: clanRatings } = await context.pool.query<{ key: string; rating: number }>(
        `SELECT l.slug || '.' || c.slug AS key, s.rating FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id`,
      );
      const ratingOf = new Map(clanRatings.map((entry) => [entry.key, entry.rating]));
      const page = (await context.app.inject({ url: pageUrl(0, 20) })).json<PlayerRecentResponse>();
      for (const item of page.data as PlayerMatchItem[]) {
        const { match, row } = expected.get(item.matchId)!;
        const team = match.players.filter((candidate) => candidate.side === row.side);
        const teamKills = team.reduce((sum, candidate) => sum + candidate.kill, 0);
        expect(item).toMatchObject({
          myTeam: row.side, myKill: row.kill, myDeath: row.death, myAssist: row.assist, kill: row.kill, dropout: row.dropout,
          result: resultForSide(match.winner!, row.side), homeClanSlug: row.side === 'blue' ? match.blueClanSlug : match.redClanSlug,
        });
        expect(item.killShare).toBe(teamKills === 0 ? null : Math.round((row.kill / teamKills) * 1000) / 10);
        expect(item.personalDelta).toBe(item.ratingAfter! - item.ratingBefore!);
        expect(item.ratingChange).toBe(item.personalDelta);
        const teamSlug = row.side === 'blue' ? match.blueClanSlug : match.redClanSlug;
        expect(item).toMatchObject({
          myClanNo: teamSlug,
          league_clan: { id: `${match.league}.${teamSlug}`, rating: ratingOf.get(`${match.league}.${teamSlug}`), clan: { slug: teamSlug } },
          detailData: { matchResultDataInfo: { blue_clan_no: match.blueClanSlug, red_clan_no: match.redClanSlug } },
        });
        expect(item.detailData.matchResultDataInfo[`${row.side}_result`]).toBe(item.result);
        expect(item.summary[row.side]).toHaveLength(team.length);
        expect(item.summary[row.side === 'blue' ? 'red' : 'blue']).toHaveLength(match.players.length - team.length);
      }
    });

    it('clamps a limit above 100 and rejects a negative skip, a limit over 1000 and an unknown league with 400', async () => {
      const clamped = (await context.app.inject({ url: pageUrl(0, 250) })).json<PlayerRecentResponse>();
      expect(clamped.limit).toBe(100);
      for (const url of [pageUrl(-5, 10), pageUrl(0, 1001), `${pageUrl(0, 10)}&league=nope`]) {
        expect((await context.app.inject({ url })).statusCode).toBe(400);
      }
      const missing = await context.app.inject({ url: '/api/league/player/99999999999/recent?limit=10&onlySAL=1' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(USER_NOT_FOUND);
    });
  });

  describe('GET /api/league/player/{playerId}/rating-history (beyond the spec)', () => {
    it('gives the rating after each rated match, oldest first, ending at the current rating, with peak and lowest', async () => {
      const { data: summary } = (await context.app.inject({ url: `/api/league/player/${playerId}/summary` })).json<PlayerSummaryResponse>();
      const response = await context.app.inject({ url: `/api/league/player/${playerId}/rating-history?limit=500` });
      expect(response.statusCode).toBe(200);
      const { history } = response.json<PlayerRatingHistoryResponse>().data;
      expect(history.league.slug).toBe(league);
      expect(history.points).toHaveLength(summary.totalMatches);
      expect(history.points.at(-1)!.rating).toBe(summary.rating);
      const ratings = history.points.map((point) => point.rating);
      expect(history.peak).toEqual(summary.peak);
      expect(history.peak!.rating).toBe(Math.max(...ratings));
      expect(history.lowest!.rating).toBe(Math.min(...ratings));
      for (const [index, point] of history.points.entries()) {
        if (index > 0) expect(point.before).toBe(history.points[index - 1]!.rating);
      }
    });
  });

  describe('POST /api/league/player/{playerId}/refresh-clan', () => {
    /** A player of a clan, made to look stale: stored in another clan since before their newest match. */
    async function staleMember(offset: number) {
      const { rows } = await context.pool.query<{ id: number; enlistment_no: string; clan_id: number; slug: string; other: number }>(
        `SELECT p.id, p.enlistment_no, p.clan_id, c.slug,
                (SELECT id FROM clans WHERE id <> p.clan_id ORDER BY id LIMIT 1) AS other
         FROM players p JOIN clans c ON c.id = p.clan_id
         WHERE p.clan_joined_at < (SELECT max(started_at) FROM match_players mp WHERE mp.player_id = p.id AND mp.clan_id = p.clan_id)
           AND p.clan_id = (SELECT mp.clan_id FROM match_players mp WHERE mp.player_id = p.id ORDER BY mp.started_at DESC LIMIT 1)
         ORDER BY p.id OFFSET $1 LIMIT 1`,
        [offset],
      );
      return rows[0]!;
    }

    it('re-reads the clan, moves a stale player back and records the change in their clan history', async () => {
      const player = await staleMember(0);
      await context.pool.query(`UPDATE players SET clan_id = $2, clan_joined_at = clan_joined_at - interval '1 day' WHERE id = $1`, [player.id, player.other]);
      const otherSlug = (await context.pool.query<{ slug: string }>('SELECT slug FROM clans WHERE id = $1', [player.other])).rows[0]!.slug;

      const response = await context.app.inject({
        method: 'POST', url: `/api/league/player/${player.enlistment_no}/refresh-clan`, payload: { slug: otherSlug },
      });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<RefreshClanResponse>();
      expect(data).toMatchObject({ playerId: player.enlistment_no, changed: true, action: 'change', clanSlug: player.slug, reload: true });
      expect(data.previous!.slug).toBe(otherSlug);
      expect(Date.parse(data.nextRefreshAt) - Date.parse(data.checkedAt)).toBe(60_000);

      const stored = await context.pool.query('SELECT clan_id FROM players WHERE id = $1', [player.id]);
      expect(stored.rows[0].clan_id).toBe(player.clan_id);
      const events = await context.pool.query(
        `SELECT action, from_clan_id, to_clan_id FROM membership_events WHERE player_id = $1 ORDER BY id DESC LIMIT 1`,
        [player.id],
      );
      expect(events.rows[0]).toEqual({ action: 'change', from_clan_id: player.other, to_clan_id: player.clan_id });
      const summary = (await context.app.inject({ url: `/api/league/player/${player.enlistment_no}/summary` })).json<PlayerSummaryResponse>();
      expect(summary.data.clanSlug).toBe(player.slug);
    });

    it('records a join for a player stored without a clan, and changes nothing when the stored clan is current', async () => {
      const player = await staleMember(1);
      await context.pool.query(`UPDATE players SET clan_id = NULL, clan_joined_at = clan_joined_at - interval '1 day' WHERE id = $1`, [player.id]);
      const joined = await context.app.inject({ method: 'POST', url: `/api/league/player/${player.enlistment_no}/refresh-clan`, payload: {} });
      expect(joined.json<RefreshClanResponse>().data).toMatchObject({ changed: true, action: 'join', previous: null, clanSlug: player.slug });

      const current = await staleMember(2);
      const before = await context.pool.query('SELECT count(*)::int AS n FROM membership_events WHERE player_id = $1', [current.id]);
      const same = await context.app.inject({
        method: 'POST', url: `/api/league/player/${current.enlistment_no}/refresh-clan`, payload: { slug: current.slug },
      });
      expect(same.json<RefreshClanResponse>().data).toMatchObject({ changed: false, action: null, clanSlug: current.slug, reload: false });
      const after = await context.pool.query('SELECT count(*)::int AS n FROM membership_events WHERE player_id = $1', [current.id]);
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });

    it('allows one refresh per player per minute, counted in the database (also across server processes)', async () => {
      const player = await staleMember(3);
      const url = `/api/league/player/${player.enlistment_no}/refresh-clan`;
      const [first, second] = await Promise.all([
        context.app.inject({ method: 'POST', url, payload: { slug: player.slug } }),
        context.app.inject({ method: 'POST', url, payload: { slug: player.slug } }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 429]);
      const limited = first.statusCode === 429 ? first : second;
      expect(limited.json()).toMatchObject({ error: 'refresh_too_soon', retryAfter: expect.any(Number) });
      expect(limited.json().message).toMatch(/초 후에 다시 갱신할 수 있습니다/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      const otherProcess = await buildApp({ config: context.config, prisma: context.db.prisma, databaseUrl: context.db.url, logger: false });
      try {
        const third = await otherProcess.inject({ method: 'POST', url, payload: { slug: player.slug } });
        expect(third.statusCode).toBe(429);
      } finally {
        await otherProcess.close();
      }

      // A minute later (moved back in the table) the player may refresh again.
      await context.pool.query(`UPDATE player_clan_refreshes SET refreshed_at = refreshed_at - interval '61 seconds'`);
      expect((await context.app.inject({ method: 'POST', url, payload: { slug: player.slug } })).statusCode).toBe(200);
    });

    it('answers 409 while an ingest batch holds the data, without using up the player\'s refresh', async () => {
      const player = await staleMember(4);
      const url = `/api/league/player/${player.enlistment_no}/refresh-clan`;
      const holder = await context.pool.connect();
      try {
        await holder.query('SELECT pg_advisory_lock($1)', [INGEST_LOCK_KEY]);
        const busy = await context.app.inject({ method: 'POST', url, payload: {} });
        expect(busy.statusCode).toBe(409);
        expect(busy.json().error).toBe('ingest_running');
      } finally {
        await holder.query('SELECT pg_advisory_unlock($1)', [INGEST_LOCK_KEY]);
        holder.release();
      }
      expect((await context.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(200);
    });

    it('answers 404 with the user text for an unknown player', async () => {
      const response = await context.app.inject({ method: 'POST', url: '/api/league/player/99999999999/refresh-clan', payload: { slug: 'x' } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(USER_NOT_FOUND);
    });
  });
});
