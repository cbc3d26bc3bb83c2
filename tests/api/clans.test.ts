import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type {
  ClanDetailResponse, ClanMembersResponse, ClanRatingHistoryResponse, ClanRefreshResponse,
} from '../../server/contracts/clans.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import type { ClanMatchItem, ClanMatchesResponse, HeadToHeadResponse } from '../../server/contracts/matches.js';
import { resultForSide, type MatchResult } from '../../server/modules/rating/match-result.js';
import { compareStandings } from '../../server/modules/rating/standings-sort.js';
import { streakLevel } from '@shared/rules/streak.js';
import { currentStreak } from '../../server/modules/rating/streak.js';
import { announceWriteOfEverything, type LeagueTestContext } from '../helpers/league-app.js';

const CLAN_NOT_FOUND = '클랜 정보를 찾을 수 없습니다.';
const LEAGUE_UNKNOWN = '존재하지 않는 리그입니다.';

/** Every match as it ended up: a recording record is replaced by its complete one under the same id. */
function finalMatches(context: LeagueTestContext): MatchRecord[] {
  const byId = new Map<string, MatchRecord>();
  for (const record of context.records) if (record.type === 'match') byId.set(record.matchId, record);
  return [...byId.values()];
}

/** The clan's matches in a league, newest first, with the clan's result (null while recording). */
function clanMatchesOf(context: LeagueTestContext, slug: string, league: string) {
  return finalMatches(context)
    .filter((match) => match.league === league && (match.blueClanSlug === slug || match.redClanSlug === slug))
    .map((match) => {
      const side = match.blueClanSlug === slug ? 'blue' : 'red';
      const result: MatchResult | null = match.winner ? resultForSide(match.winner, side) : null;
      return { match, side, result };
    })
    .sort((a, b) => Date.parse(b.match.startedAt) - Date.parse(a.match.startedAt));
}

const winRate = (wins: number, draws: number, total: number) =>
  total === 0 ? null : Math.round(((wins + draws / 2) / total) * 1000) / 10;

describe('clan calls (league-name variant)', () => {
  const context = useLeagueTestApp();
  /** The busiest clan of the busiest division: the richest page to check. */
  let slug: string;
  let league: string;

  beforeAll(async () => {
    const { rows } = await context.pool.query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
       WHERE c.league_id = s.league_id ORDER BY s.matches DESC, c.slug LIMIT 1`,
    );
    ({ slug, league } = rows[0]!);
  });

  describe('GET /api/league/{league}/clan-detail/{clanSlug}', () => {
    it('gives the clan, its record in the league, win rate with half draws, last 20, streak and logo URLs', async () => {
      const response = await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` });
      expect(response.statusCode).toBe(200);
      const { data } = response.json<ClanDetailResponse>();
      const played = clanMatchesOf(context, slug, league).filter((entry) => entry.result !== null);
      const count = (result: MatchResult) => played.filter((entry) => entry.result === result).length;
      const results = played.map((entry) => entry.result!);

      expect(data.clan).toMatchObject({ slug, clanSlug: slug, clanId: slug, mark_bg: `/clan-logos/${slug}-1.png` });
      expect(data.clan.mark_front).toBe(`/clan-logos/${slug}-2.png`);
      expect(data.league.slug).toBe(league);
      expect({ win: data.win, lose: data.lose, draw: data.draw, total: data.total }).toEqual({
        win: count('win'), lose: count('lose'), draw: count('draw'), total: played.length,
      });
      expect(data.win_rate).toBe(winRate(count('win'), count('draw'), played.length));
      expect(data.winRate).toBe(data.win_rate);
      expect(data.recentResults).toEqual(results.slice(0, 20));
      expect(data.match_summary.results).toEqual(results.slice(0, 20));
      expect(data.match_summary.count).toBe(Math.min(20, played.length));
      expect(data.streak.value).toBe(currentStreak(results));
      expect(data.streak.label).toBe(streakLevel(currentStreak(results)));
      expect(data.win_straight).toBe(data.streak.value);
      expect(data.placement).toBe(played.length >= 1 && played.length <= 19);
      expect(data.score).toBe(data.rating);
    });

    it('ranks the clan where the standings order puts it, out of the clans playing in the league', async () => {
      const { rows } = await context.pool.query<{ slug: string; name: string; rating: number; matches: number }>(
        `SELECT c.slug, c.name, COALESCE(s.rating, 1000) AS rating, COALESCE(s.matches, 0) AS matches
         FROM clans c JOIN leagues l ON l.id = c.league_id LEFT JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = l.id
         WHERE l.slug = $1`,
        [league],
      );
      const order = rows
        .map((row) => ({ slug: row.slug, clanName: row.name, score: row.rating, totalMatches: row.matches }))
        .sort(compareStandings);
      for (const [index, clan] of order.entries()) {
        const { data } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${clan.slug}` })).json<ClanDetailResponse>();
        expect(data.rank_total).toBe(rows.length);
        expect(data.rank).toBe(clan.totalMatches > 0 ? index + 1 : null);
        expect(data.placement).toBe(clan.totalMatches >= 1 && clan.totalMatches <= 19);
      }
    });

    it('moves the rank at once when the figures change (the standings kept in memory are dropped on every change)', async () => {
      const { rows } = await context.pool.query<{ slug: string; clan_id: number; league_id: number; rating: number; top: number }>(
        `SELECT c.slug, s.clan_id, s.league_id, s.rating, max(s.rating) OVER () AS top
         FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
         WHERE l.slug = $1 AND c.league_id = s.league_id AND s.matches > 0 ORDER BY s.rating, c.slug`,
        [league],
      );
      const last = rows[0]!;
      const rankOf = async () => (await context.app.inject({ url: `/api/league/${league}/clan-detail/${last.slug}` })).json<ClanDetailResponse>().data.rank;
      expect(await rankOf()).toBe(rows.length);
      const setRating = (rating: number) =>
        context.pool.query('UPDATE clan_stats SET rating = $1 WHERE clan_id = $2 AND league_id = $3', [rating, last.clan_id, last.league_id]);
      await setRating(last.top + 100);
      await announceWriteOfEverything(context);
      try {
        expect(await rankOf()).toBe(1);
      } finally {
        await setRating(last.rating);
        await announceWriteOfEverything(context);
      }
      expect(await rankOf()).toBe(rows.length);
    });

    it('lists the top 5 opponent clans by games played and the members\' records over the last 20 matches', async () => {
      const { data } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` })).json<ClanDetailResponse>();
      const played = clanMatchesOf(context, slug, league).filter((entry) => entry.result !== null);
      const byOpponent = new Map<string, number>();
      for (const { match, side } of played) {
        const opponent = side === 'blue' ? match.redClanSlug : match.blueClanSlug;
        byOpponent.set(opponent, (byOpponent.get(opponent) ?? 0) + 1);
      }
      const opponents = data.match_summary.clan_summaries;
      expect(opponents.length).toBe(Math.min(5, byOpponent.size));
      for (const opponent of opponents) {
        expect(opponent.total).toBe(byOpponent.get(opponent.clanSlug));
        expect(opponent.win + opponent.lose + opponent.draw).toBe(opponent.total);
        expect(opponent.win_rate).toBe(winRate(opponent.win, opponent.draw, opponent.total));
      }
      const totals = opponents.map((opponent) => opponent.total);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(Math.min(...totals)).toBeGreaterThanOrEqual([...byOpponent.values()].sort((a, b) => b - a)[4] ?? 0);

      // Each member's matches in the last 20: their non-dropout rows in those 20 matches, on this clan's side.
      const last20 = played.slice(0, 20);
      for (const member of data.match_summary.player_summaries) {
        const rows = last20.flatMap(({ match, side }) =>
          match.players.filter((row) => row.playerId === member.playerId && row.side === side && !row.dropout));
        expect(member.matches).toBe(rows.length);
        expect(member.win + member.lose + member.draw).toBe(member.matches);
        expect(member.kill).toBe(rows.reduce((sum, row) => sum + row.kill, 0));
      }
      expect(data.match_summary.player_summaries.length).toBeGreaterThan(0);
    });

    it('reports the ingest state; "updating" only while running and updated within 10 minutes', async () => {
      const url = `/api/league/${league}/clan-detail/${slug}`;
      const before = (await context.app.inject({ url })).json<ClanDetailResponse>().data.ingest;
      expect(before.running).toBe(false);
      expect(before.updating).toBe(false);
      expect(Date.parse(before.updatedAt!)).not.toBeNaN();

      const setIngest = async (running: boolean, minutesAgo: number) => {
        await context.pool.query(
          `UPDATE ingest_states SET running = $2, updated_at = now() - make_interval(mins => $3)
           WHERE clan_id = (SELECT id FROM clans WHERE slug = $1)`,
          [slug, running, minutesAgo],
        );
        // As ingest's writers do in the same transaction (markIngestRunning): the clan's kept answers go.
        await context.pool.query(
          "DELETE FROM kept_match_pages WHERE owner = 'clan:' || (SELECT id FROM clans WHERE slug = $1)", [slug]);
        await announceWriteOfEverything(context);
        return (await context.app.inject({ url })).json<ClanDetailResponse>().data.ingest;
      };
      expect(await setIngest(true, 1)).toMatchObject({ running: true, updating: true });
      expect(await setIngest(true, 11)).toMatchObject({ running: true, updating: false });
      expect(await setIngest(false, 0)).toMatchObject({ running: false, updating: false });
    });

    it('answers 404 with the clan text for an unknown clan and 400 with the league text for an unknown league', async () => {
      const missing = await context.app.inject({ url: `/api/league/${league}/clan-detail/no-such-clan` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'clan_not_found', message: CLAN_NOT_FOUND });
      const badLeague = await context.app.inject({ url: `/api/league/no-league/clan-detail/${slug}` });
      expect(badLeague.statusCode).toBe(400);
      expect(badLeague.json()).toEqual({ error: 'unknown_league', message: LEAGUE_UNKNOWN });
    });

    it('is a public read: served with an ETag, and 304 when the browser already has it', async () => {
      const url = `/api/league/${league}/clan-detail/${slug}`;
      const first = await context.app.inject({ url });
      expect(first.headers.etag).toBeTruthy();
      const again = await context.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
    });
  });

  describe('GET /api/league/{league}/clan-matches/{clanSlug}', () => {
    const pageUrl = (skip: number, limit: number, extra = '') =>
      `/api/league/${league}/clan-matches/${slug}?skip=${skip}&limit=${limit}&onlySAL=1&preferSlug=${slug}${extra}`;

    async function readAll(limit: number): Promise<ClanMatchItem[]> {
      const rows: ClanMatchItem[] = [];
      for (let skip = 0; ; skip += limit) {
        const page = (await context.app.inject({ url: pageUrl(skip, limit) })).json<ClanMatchesResponse>();
        rows.push(...page.data);
        if (!page.hasMore) return rows;
      }
    }

    it('pages of 10 and of 20 both walk the whole list, newest first, without repeating or skipping a match', async () => {
      const expected = clanMatchesOf(context, slug, league);
      const byTen = await readAll(10);
      const byTwenty = await readAll(20);
      expect(byTen.map((row) => row.matchId)).toEqual(byTwenty.map((row) => row.matchId));
      expect(new Set(byTen.map((row) => row.matchId)).size).toBe(expected.length);
      expect(new Set(byTen.map((row) => row.matchId))).toEqual(new Set(expected.map((entry) => entry.match.matchId)));
      const times = byTen.map((row) => Date.parse(row.startAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('gives total and win/lose/draw/unknown counts of the whole list that agree with the clan page', async () => {
      const expected = clanMatchesOf(context, slug, league);
      const page = (await context.app.inject({ url: pageUrl(0, 10) })).json<ClanMatchesResponse>();
      const { data } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` })).json<ClanDetailResponse>();
      expect(page.total).toBe(expected.length);
      expect(page.counts).toEqual({
        win: data.win, lose: data.lose, draw: data.draw, unknown: expected.filter((entry) => entry.result === null).length,
      });
      expect(page.data).toHaveLength(10);
      expect(page.limit).toBe(10);
    });

    it('shows each match from the clan\'s side: result, rating change, opponent, both rosters, score pair', async () => {
      const expected = new Map(clanMatchesOf(context, slug, league).map((entry) => [entry.match.matchId, entry]));
      const page = (await context.app.inject({ url: pageUrl(0, 20) })).json<ClanMatchesResponse>();
      for (const row of page.data) {
        const { match, side, result } = expected.get(row.matchId)!;
        const opponent = side === 'blue' ? match.redClanSlug : match.blueClanSlug;
        expect(row).toMatchObject({
          id: match.matchId, _id: match.matchId, map: match.map, status: match.status, myTeam: side,
          myIsBlue: side === 'blue', homeClanSlug: slug, opponentSlug: opponent, result, resultTeam: match.winner,
          scores: [match.blueScore, match.redScore], blueClanSlug: match.blueClanSlug, redClanSlug: match.redClanSlug,
          recording: match.status === 'recording',
        });
        expect(row.win).toBe(result === null ? null : result === 'win');
        expect(row.summary.blue.map((entry) => entry.playerId).sort())
          .toEqual(match.players.filter((entry) => entry.side === 'blue').map((entry) => entry.playerId).sort());
        expect(row.summary.red).toHaveLength(match.players.filter((entry) => entry.side === 'red').length);
        if (row.ratingBefore !== null) expect(row.ratingChange).toBe(row.ratingAfter! - row.ratingBefore);
        expect(row.eloDelta).toBe(row.ratingChange);
      }
      expect(page.data.some((row) => row.ratingChange !== null)).toBe(true);
    });

    it('carries myClanNo, league_clan, detailData and the clan team\'s K/D/A on every row', async () => {
      const expected = new Map(clanMatchesOf(context, slug, league).map((entry) => [entry.match.matchId, entry]));
      const { data: clan } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` })).json<ClanDetailResponse>();
      const page = (await context.app.inject({ url: pageUrl(0, 100) })).json<ClanMatchesResponse>();
      for (const row of page.data) {
        const { match, side } = expected.get(row.matchId)!;
        const team = match.players.filter((entry) => entry.side === side);
        const kill = team.reduce((sum, entry) => sum + entry.kill, 0);
        const death = team.reduce((sum, entry) => sum + entry.death, 0);
        expect(row).toMatchObject({
          myClanNo: slug,
          league_clan: { id: `${league}.${slug}`, rating: clan.rating, clan: { slug, name: clan.clan.name } },
          kill, death, assist: team.reduce((sum, entry) => sum + entry.assist, 0),
        });
        // K/D % with one decimal (a value on a .x5 edge may round either way in floating point).
        if (kill + death === 0) expect(row.kd_rate).toBeNull();
        else expect(Math.abs(row.kd_rate! - (kill / (kill + death)) * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(row.detailData.matchResultDataInfo).toEqual({
          blue_result: match.winner ? resultForSide(match.winner, 'blue') : null,
          red_result: match.winner ? resultForSide(match.winner, 'red') : null,
          blue_clan_name: row.blueClanName, red_clan_name: row.redClanName,
          blue_clan_no: match.blueClanSlug, red_clan_no: match.redClanSlug,
          score: match.blueScore === null || match.redScore === null ? null : `${match.blueScore}:${match.redScore}`,
        });
      }
      // The row's detailData is the one match-detail gives, so a page can show the summary before the detail loads.
      const first = page.data[0]!;
      const detail = (await context.app.inject({ url: `/api/league/match-detail/${first.matchId}` })).json<{ data: { detailData: unknown } }>();
      expect(first.detailData).toEqual(detail.data.detailData);

      // A match still recording has no rows yet: zero K/D/A, no K/D %, no results or score.
      const recording = finalMatches(context).find((match) => match.status === 'recording')!;
      const list = (await context.app.inject({
        url: `/api/league/${recording.league}/clan-matches/${recording.redClanSlug}?limit=20&onlySAL=1`,
      })).json<ClanMatchesResponse>();
      expect(list.data.find((row) => row.matchId === recording.matchId)).toMatchObject({
        recording: true, myClanNo: recording.redClanSlug, kill: 0, death: 0, assist: 0, kd_rate: null,
        league_clan: { id: `${recording.league}.${recording.redClanSlug}` },
        detailData: { matchResultDataInfo: { blue_result: null, red_result: null, score: null } },
      });
    });

    it('without onlySAL lists the clan\'s matches of every division', async () => {
      const everywhere = (await context.app.inject({ url: `/api/league/${league}/clan-matches/${slug}?limit=10` })).json<ClanMatchesResponse>();
      const all = finalMatches(context).filter((match) => match.blueClanSlug === slug || match.redClanSlug === slug);
      expect(everywhere.total).toBe(all.length);
    });

    it('clamps a limit above 100, and rejects a negative skip, a limit over 1000 and an unknown league with 400', async () => {
      const clamped = (await context.app.inject({ url: pageUrl(0, 500) })).json<ClanMatchesResponse>();
      expect(clamped.limit).toBe(100);
      expect(clamped.data.length).toBe(Math.min(100, clamped.total));
      for (const url of [pageUrl(-1, 10), pageUrl(0, 5000), pageUrl(0, 0), `/api/league/nope/clan-matches/${slug}`]) {
        const response = await context.app.inject({ url });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/요청 값이 올바르지 않습니다|존재하지 않는 리그입니다/);
      }
      const badAnchor = await context.app.inject({ url: pageUrl(10, 10, '&anchor=bm9wZQ') });
      expect(badAnchor.statusCode).toBe(400);
      expect((await context.app.inject({ url: `/api/league/${league}/clan-matches/nope` })).statusCode).toBe(404);
    });
  });

  describe('GET /api/league/{league}/clan-members/{clanSlug}', () => {
    it('lists every member, best rating first, with figures of the league (1000 before a first match)', async () => {
      const response = await context.app.inject({ url: `/api/league/${league}/clan-members/${slug}?sort=rating&limit=300` });
      expect(response.statusCode).toBe(200);
      const { data, total } = response.json<ClanMembersResponse>();
      const { rows } = await context.pool.query<{ enlistment_no: string; rating: number | null; matches: number | null; wins: number | null }>(
        `SELECT p.enlistment_no, s.rating, s.matches, s.wins FROM players p
         JOIN clans c ON c.id = p.clan_id LEFT JOIN player_stats s ON s.player_id = p.id
           AND s.league_id = (SELECT id FROM leagues WHERE slug = $2)
         WHERE c.slug = $1`,
        [slug, league],
      );
      expect(total).toBe(rows.length);
      expect(data.map((member) => member.playerId).sort()).toEqual(rows.map((row) => row.enlistment_no).sort());
      const ratings = data.map((member) => member.rating);
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      for (const member of data) {
        const row = rows.find((candidate) => candidate.enlistment_no === member.playerId)!;
        expect(member).toMatchObject({ clanSlug: slug, rating: row.rating ?? 1000, matches: row.matches ?? 0, win: row.wins ?? 0 });
        expect(member.clanMark.mark_bg).toBe(`/clan-logos/${slug}-1.png`);
        expect(member.winRate).toBe(winRate(member.win, member.draw, member.matches));
      }
    });

    it('sorts by matches on request, takes at most 300 (a larger limit is clamped) and honours a smaller limit', async () => {
      const byMatches = (await context.app.inject({ url: `/api/league/${league}/clan-members/${slug}?sort=matches` })).json<ClanMembersResponse>();
      const matches = byMatches.data.map((member) => member.matches);
      expect(matches).toEqual([...matches].sort((a, b) => b - a));
      const clamped = await context.app.inject({ url: `/api/league/${league}/clan-members/${slug}?limit=900` });
      expect(clamped.statusCode).toBe(200);
      expect(clamped.json<ClanMembersResponse>().data.length).toBe(Math.min(300, byMatches.total));
      const three = (await context.app.inject({ url: `/api/league/${league}/clan-members/${slug}?limit=3` })).json<ClanMembersResponse>();
      expect(three.data).toHaveLength(3);
      expect(three.total).toBe(byMatches.total);
      expect((await context.app.inject({ url: `/api/league/${league}/clan-members/${slug}?limit=1001` })).statusCode).toBe(400);
      expect((await context.app.inject({ url: `/api/league/${league}/clan-members/${slug}?sort=shoe` })).statusCode).toBe(400);
    });
  });

  describe('POST /api/league/{league}/clan/{clanSlug}/refresh (record update)', () => {
    it('without an upstream says there is nothing newer to fetch and when the records were last renewed', async () => {
      const { data: detail } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` })).json<ClanDetailResponse>();
      const response = await context.app.inject({ method: 'POST', url: `/api/league/${league}/clan/${slug}/refresh` });
      expect(response.statusCode).toBe(200);
      expect(response.json<ClanRefreshResponse>().data).toEqual({
        clanSlug: slug, refreshed: false, reason: 'no_upstream', newMatches: 0, updatedAt: detail.renewed_at, nextRefreshAt: null,
      });
    });

    it('answers an unknown clan with 404 and an unknown league with 400', async () => {
      const missing = await context.app.inject({ method: 'POST', url: `/api/league/${league}/clan/no-such-clan/refresh` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'clan_not_found', message: CLAN_NOT_FOUND });
      const badLeague = await context.app.inject({ method: 'POST', url: `/api/league/nope/clan/${slug}/refresh` });
      expect(badLeague.statusCode).toBe(400);
      expect(badLeague.json().message).toBe(LEAGUE_UNKNOWN);
    });
  });

  describe('rating history and head-to-head (beyond the spec)', () => {
    it('gives the clan\'s rating after each match, oldest first, with peak and lowest and their dates', async () => {
      const response = await context.app.inject({ url: `/api/league/${league}/clan-rating-history/${slug}?limit=500` });
      expect(response.statusCode).toBe(200);
      const { history } = response.json<ClanRatingHistoryResponse>().data;
      const { data } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` })).json<ClanDetailResponse>();
      expect(history.total).toBe(data.total);
      expect(history.points).toHaveLength(Math.min(500, data.total));
      expect(history.points.at(-1)!.rating).toBe(data.rating);
      expect(history.current).toBe(data.rating);
      for (const [index, point] of history.points.entries()) {
        expect(point.delta).toBe(point.rating - point.before);
        if (index > 0) expect(point.before).toBe(history.points[index - 1]!.rating);
      }
      const ratings = history.points.map((point) => point.rating);
      expect(history.peak!.rating).toBe(Math.max(...ratings));
      expect(history.lowest!.rating).toBe(Math.min(...ratings));
      expect(history.peak!.at).toBe(history.points.find((point) => point.rating === history.peak!.rating)!.at);
      const short = (await context.app.inject({ url: `/api/league/${league}/clan-rating-history/${slug}?limit=5` })).json<ClanRatingHistoryResponse>();
      expect(short.data.history.points).toEqual(history.points.slice(-5));
    });

    it('gives the record of two clans against each other and their last matches from the first clan\'s side', async () => {
      const { data } = (await context.app.inject({ url: `/api/league/${league}/clan-detail/${slug}` })).json<ClanDetailResponse>();
      const top = data.match_summary.clan_summaries[0]!;
      const response = await context.app.inject({ url: `/api/league/${league}/head-to-head/${slug}/${top.clanSlug}?limit=5` });
      expect(response.statusCode).toBe(200);
      const h2h = response.json<HeadToHeadResponse>().data;
      expect(h2h.record).toMatchObject({ total: top.total, win: top.win, lose: top.lose, draw: top.draw, win_rate: top.win_rate });
      expect(h2h.matches).toHaveLength(Math.min(5, top.total));
      for (const match of h2h.matches) expect([match.homeClanSlug, match.opponentSlug]).toEqual([slug, top.clanSlug]);
      const times = h2h.matches.map((match) => Date.parse(match.startAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));

      const missing = await context.app.inject({ url: `/api/league/${league}/head-to-head/${slug}/no-such-clan` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(CLAN_NOT_FOUND);
    });
  });

  // Last: it adds a match to the league.
  it('keeps skip pages stable with the first page\'s anchor while a new match arrives', async () => {
    const url = (skip: number, extra = '') => `/api/league/${league}/clan-matches/${slug}?skip=${skip}&limit=10&onlySAL=1${extra}`;
    const first = (await context.app.inject({ url: url(0) })).json<ClanMatchesResponse>();
    const second = (await context.app.inject({ url: url(10, `&anchor=${first.anchor}`) })).json<ClanMatchesResponse>();

    const latest = clanMatchesOf(context, slug, league).find((entry) => entry.result !== null)!.match;
    // Stored after the first page was read, and may start before the newest listed match (a recording one).
    const newer: MatchRecord = { ...latest, matchId: 'anchor-test-1', startedAt: new Date(Date.parse(latest.startedAt) + 60_000).toISOString() };
    await context.ingest([newer]);

    const secondAgain = (await context.app.inject({ url: url(10, `&anchor=${first.anchor}`) })).json<ClanMatchesResponse>();
    expect(secondAgain.data.map((row) => row.matchId)).toEqual(second.data.map((row) => row.matchId));
    expect(secondAgain.total).toBe(first.total);
    expect(secondAgain.counts).toEqual(first.counts);

    const fresh = (await context.app.inject({ url: url(0) })).json<ClanMatchesResponse>();
    expect(fresh.data.map((row) => row.matchId)).toContain('anchor-test-1');
    expect(fresh.total).toBe(first.total + 1);
    expect(fresh.anchor).not.toBe(first.anchor);
  });
});
