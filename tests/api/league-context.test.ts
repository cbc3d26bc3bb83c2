import { describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import type { ClanDetailResponse, ClanMembersResponse, LeagueContext } from '../../server/contracts/clans.js';
import type { LeagueSummaryEntry, StandingRow } from '../../server/contracts/league.js';
import type { ClanMatchesResponse, HeadToHeadResponse, PlayerRecentResponse } from '../../server/contracts/matches.js';
import type { PlayerSummaryResponse } from '../../server/contracts/players.js';
import type { ProxyClanDetailResponse, ProxyPlayerDetailResponse, ProxyPlayerRankResponse } from '../../server/contracts/proxy.js';
import type { RankingEntry } from '../../server/contracts/rankings.js';
import { announceWriteOfEverything } from '../helpers/league-app.js';

/**
 * The league context rule (docs/league-context.md) as the API serves it: every answer names the league of its
 * figures, and the call a link leads to, asked with the league the link carries, answers the same figures. Data
 * is found by the condition each test states (or made), never by a name the generated league happens to hold.
 */
describe('league context: the figures a link shows are the figures its page shows', () => {
  const context = useLeagueTestApp();
  const get = async <T>(url: string): Promise<T> => {
    const response = await context.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };

  /** The leagues a clan or player has rated matches in, from the kept figures, in catalogue order. */
  async function recordsOf(table: 'clan_stats' | 'player_stats', column: 'clan_id' | 'player_id', id: number) {
    const { rows } = await context.pool.query<{ slug: string; matches: number; wins: number; losses: number; draws: number; rating: number }>(
      `SELECT l.slug, s.matches, s.wins, s.losses, s.draws, s.rating FROM ${table} s JOIN leagues l ON l.id = s.league_id
       WHERE s.${column} = $1 AND s.matches > 0 ORDER BY l.sort_order, l.id`,
      [id],
    );
    return rows.map((row) => ({ slug: row.slug, matches: row.matches, win: row.wins, lose: row.losses, draw: row.draws, rating: row.rating }));
  }

  const recordsIn = (ctx: LeagueContext) => ctx.records.map((entry) => ({
    slug: entry.league.slug, matches: entry.matches, win: entry.win, lose: entry.lose, draw: entry.draw, rating: entry.rating,
  }));


  it('ranking rows carry their league; the player summary of that league has the same rating, record and rank', async () => {
    const rows = await get<RankingEntry[]>('/api/sal/user/ranking?limit=100');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.leagueName).toBe('sal-beginner');
      const { data } = await get<PlayerSummaryResponse>(`/api/league/player/${row.playerId}/summary?league=${row.leagueName}`);
      expect({ league: data.leagueName, rating: data.rating, matches: data.totalMatches, win: data.win, lose: data.lose, draw: data.draw, rank: data.rank })
        .toEqual({ league: row.leagueName, rating: row.rating, matches: row.matches, win: row.win, lose: row.lose, draw: row.draw, rank: row.rank });
      expect(data.context.shown.slug).toBe(row.leagueName);
    }
  });

  it('standings rows (and the home Top 5, their first rows) open clan pages with the same score, record and rank', async () => {
    for (const league of ['sal-beginner', 'supply-1', 'supply-2', 'sanply']) {
      const rows = await get<StandingRow[]>(`/api/league/${league}/standings`);
      for (const row of rows.filter((candidate) => candidate.totalMatches > 0)) {
        const { data } = await get<ClanDetailResponse>(`/api/league/${row.leagueName}/clan-detail/${row.clanSlug}`);
        expect({ rating: data.rating, win: data.win, lose: data.lose, draw: data.draw, total: data.totalMatches, rank: data.rank })
          .toEqual({ rating: row.score, win: row.wins, lose: row.losses, draw: row.draws, total: row.totalMatches, rank: row.rank });
        expect(data.context).toMatchObject({ shown: { slug: league }, current: { slug: league }, isCurrent: true });
      }
    }
  });

  it('division tables open the proxy clan page of the same league with the same rating, record and rank', async () => {
    for (const league of ['supply-1', 'supply-2', 'sanply']) {
      const rows = await get<LeagueSummaryEntry[]>(`/api/league-summary/${league}`);
      for (const row of rows.filter((candidate) => candidate.matches > 0)) {
        const { data } = await get<ProxyClanDetailResponse>(`/api/proxy/clan-detail/${league}/${row.clan.slug}`);
        expect({ rating: data.rating, win: data.win, lose: data.lose, draw: data.draw, total: data.matches_count, rank: data.rank })
          .toEqual({ rating: row.rating, win: row.win, lose: row.lose, draw: row.draw, total: row.matches, rank: row.rank });
        expect(data.context.shown.slug).toBe(league);
      }
    }
  });

  it('division ranking rows name their league; the proxy player page of it has the same rating and record', async () => {
    for (const division of ['supply', 'sanply']) {
      const page = await get<ProxyPlayerRankResponse>(`/api/proxy/player-rank/${division}`);
      for (const row of page.data.slice(0, 30)) {
        const { data } = await get<ProxyPlayerDetailResponse>(`/api/proxy/player-detail/${row.division}/${row.player.id}`);
        expect({ league: data.player.division, rating: data.rating, win: data.win, lose: data.lose, draw: data.draw, matches: data.matches_count })
          .toEqual({ league: row.division, rating: row.rating, win: row.win, lose: row.lose, draw: row.draw, matches: row.matches });
        expect(data.context.shown.slug).toBe(row.division);
      }
    }
  });

  it('clan member rows have the figures of the page league; the player summary of that league agrees', async () => {
    const { rows } = await context.pool.query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id
       JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = c.league_id AND s.matches > 0 ORDER BY c.id`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const clan of rows.slice(0, 4)) {
      const members = await get<ClanMembersResponse>(`/api/league/${clan.league}/clan-members/${clan.slug}?sort=rating&limit=300`);
      for (const member of members.data.filter((candidate) => candidate.matches > 0).slice(0, 8)) {
        const { data } = await get<PlayerSummaryResponse>(`/api/league/player/${member.playerId}/summary?league=${clan.league}`);
        expect({ rating: data.rating, matches: data.totalMatches, win: data.win, lose: data.lose, draw: data.draw })
          .toEqual({ rating: member.rating, matches: member.matches, win: member.win, lose: member.lose, draw: member.draw });
      }
    }
  });

  it('top opponents of a clan are records of its league; the head-to-head of that league lists them all, a page at a time', async () => {
    const { rows: [clan] } = await context.pool.query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
       ORDER BY s.matches DESC, c.id LIMIT 1`,
    );
    const { data } = await get<ClanDetailResponse>(`/api/league/${clan!.league}/clan-detail/${clan!.slug}`);
    const opponent = data.match_summary.clan_summaries[0]!;
    const first = await get<HeadToHeadResponse>(`/api/league/${clan!.league}/head-to-head/${clan!.slug}/${opponent.clanSlug}?limit=3`);
    expect(first.data.record).toMatchObject({ total: opponent.total, win: opponent.win, lose: opponent.lose, draw: opponent.draw });
    // Every meeting is listed (the rated ones of the record, and any still recording), three at a time.
    const listed = [...first.data.matches];
    let page = first.data;
    while (page.hasMore) {
      page = (await get<HeadToHeadResponse>(`/api/league/${clan!.league}/head-to-head/${clan!.slug}/${opponent.clanSlug}?limit=3&skip=${listed.length}`)).data;
      listed.push(...page.matches);
    }
    expect(listed.length).toBe(first.data.total);
    expect(new Set(listed.map((match) => match.matchId)).size).toBe(listed.length);
    const rated = listed.filter((match) => match.result !== null);
    expect(rated.length).toBe(opponent.total);
    expect(first.data.total - rated.length).toBe(listed.filter((match) => match.recording).length);
  });

  it('a clan answer names every league it has records in and whether the shown one is where it plays now', async () => {
    const { rows: [clan] } = await context.pool.query<{ id: number; slug: string; league: string }>(
      `SELECT c.id, c.slug, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id
       JOIN clan_stats s ON s.clan_id = c.id AND s.matches > 0 GROUP BY c.id, l.slug ORDER BY count(*) DESC, c.id LIMIT 1`,
    );
    const records = await recordsOf('clan_stats', 'clan_id', clan!.id);
    for (const record of records) {
      const { data } = await get<ClanDetailResponse>(`/api/league/${record.slug}/clan-detail/${clan!.slug}`);
      expect(recordsIn(data.context)).toEqual(records);
      expect(data.context).toMatchObject({ shown: { slug: record.slug }, current: { slug: clan!.league }, isCurrent: record.slug === clan!.league });
      expect({ rating: data.rating, win: data.win, lose: data.lose, draw: data.draw }).toEqual({
        rating: record.rating, win: record.win, lose: record.lose, draw: record.draw,
      });
    }
  });

  it('a clan that moved keeps its old league\'s figures readable there, says where it plays now and has no rank there', async () => {
    // A clan with matches in the league it plays in, moved to another division (as a promotion does).
    const { rows: [clan] } = await context.pool.query<{ id: number; slug: string; league_id: number; league: string }>(
      `SELECT c.id, c.slug, c.league_id, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id
       JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = c.league_id AND s.matches > 0 ORDER BY s.matches DESC, c.id LIMIT 1`,
    );
    const { rows: [target] } = await context.pool.query<{ id: number; slug: string }>(
      'SELECT id, slug FROM leagues WHERE id <> $1 ORDER BY sort_order LIMIT 1', [clan!.league_id]);
    const before = (await get<ClanDetailResponse>(`/api/league/${clan!.league}/clan-detail/${clan!.slug}`)).data;
    expect(before.rank).not.toBeNull();

    await context.pool.query('UPDATE clans SET league_id = $1 WHERE id = $2', [target!.id, clan!.id]);
    await announceWriteOfEverything(context);
    try {
      const old = (await get<ClanDetailResponse>(`/api/league/${clan!.league}/clan-detail/${clan!.slug}`)).data;
      expect({ rating: old.rating, win: old.win, lose: old.lose, draw: old.draw, streak: old.streak.value })
        .toEqual({ rating: before.rating, win: before.win, lose: before.lose, draw: before.draw, streak: before.streak.value });
      expect(old.context).toMatchObject({ shown: { slug: clan!.league }, current: { slug: target!.slug }, isCurrent: false });
      expect(old.rank).toBeNull();
      expect(old.clan.leagueName).toBe(target!.slug);
      const standings = await get<StandingRow[]>(`/api/league/${clan!.league}/standings`);
      expect(standings.map((row) => row.clanSlug)).not.toContain(clan!.slug);

      const proxy = (await get<ProxyClanDetailResponse>(`/api/proxy/clan-detail/${clan!.league}/${clan!.slug}`)).data;
      expect(proxy.context).toEqual(old.context);
      expect({ rank: proxy.rank, count: proxy.rank_count }).toEqual({ rank: old.rank, count: old.rank_total });

      const now = (await get<ClanDetailResponse>(`/api/league/${target!.slug}/clan-detail/${clan!.slug}`)).data;
      expect(now.context).toMatchObject({ shown: { slug: target!.slug }, isCurrent: true });
    } finally {
      await context.pool.query('UPDATE clans SET league_id = $1 WHERE id = $2', [clan!.league_id, clan!.id]);
      await announceWriteOfEverything(context);
    }
  });

  it('a player answer names the leagues they have records in and where their clan plays now', async () => {
    // Players whose records are in a league their clan does not play in now (they or their clan moved).
    const { rows } = await context.pool.query<{ id: number; enlistment_no: string; clan_league: string }>(
      `SELECT p.id, p.enlistment_no, l.slug AS clan_league FROM players p JOIN clans c ON c.id = p.clan_id
       JOIN leagues l ON l.id = c.league_id JOIN player_stats s ON s.player_id = p.id AND s.matches > 0
       WHERE s.league_id <> c.league_id GROUP BY p.id, l.slug ORDER BY p.id LIMIT 5`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const player of rows) {
      const records = await recordsOf('player_stats', 'player_id', player.id);
      for (const record of records) {
        const { data } = await get<PlayerSummaryResponse>(`/api/league/player/${player.enlistment_no}/summary?league=${record.slug}`);
        expect(recordsIn(data.context)).toEqual(records);
        expect(data.context).toMatchObject({ shown: { slug: record.slug }, current: { slug: player.clan_league }, isCurrent: record.slug === player.clan_league });
        expect({ rating: data.rating, matches: data.totalMatches }).toEqual({ rating: record.rating, matches: record.matches });
        const proxy = (await get<ProxyPlayerDetailResponse>(`/api/proxy/player-detail/${record.slug}/${player.enlistment_no}`)).data;
        expect(proxy.context).toEqual(data.context);
      }
    }
  });

  it('a player without a clan has no current league, and their figures are still served', async () => {
    const { rows: [player] } = await context.pool.query<{ enlistment_no: string; league: string; matches: number }>(
      `SELECT p.enlistment_no, l.slug AS league, s.matches FROM players p JOIN player_stats s ON s.player_id = p.id AND s.matches > 0
       JOIN leagues l ON l.id = s.league_id WHERE p.clan_id IS NULL ORDER BY s.matches DESC, p.id LIMIT 1`,
    );
    const { data } = await get<PlayerSummaryResponse>(`/api/league/player/${player!.enlistment_no}/summary?league=${player!.league}`);
    expect(data.context).toMatchObject({ current: null, isCurrent: false, shown: { slug: player!.league } });
    expect(data.totalMatches).toBe(player!.matches);
  });
});

describe('totals add up from the parts a page shows', () => {
  const context = useLeagueTestApp();
  const get = async <T>(url: string): Promise<T> => (await context.app.inject({ url })).json<T>();


  it('a clan list: total = wins + losses + draws + unknown (still recording), and its results are the header record', async () => {
    const { rows } = await context.pool.query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
       WHERE s.matches > 0 ORDER BY c.id, l.id`,
    );
    // Clans with a match still recording too: the newest matches of the generated league are recording.
    const { rows: recording } = await context.pool.query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clan_matches cm JOIN clans c ON c.id = cm.clan_id JOIN leagues l ON l.id = cm.league_id
       WHERE cm.result IS NULL`,
    );
    expect(recording.length).toBeGreaterThan(0);
    for (const clan of [...recording, ...rows.slice(0, 10)]) {
      const list = await get<ClanMatchesResponse>(`/api/league/${clan.league}/clan-matches/${clan.slug}?limit=1&onlySAL=1`);
      const { data } = await get<ClanDetailResponse>(`/api/league/${clan.league}/clan-detail/${clan.slug}`);
      expect(list.counts.win + list.counts.lose + list.counts.draw + list.counts.unknown).toBe(list.total);
      expect({ win: list.counts.win, lose: list.counts.lose, draw: list.counts.draw }).toEqual({ win: data.win, lose: data.lose, draw: data.draw });
      expect(data.win + data.lose + data.draw).toBe(data.totalMatches);
    }
  });

  it('a player list: total = wins + losses + draws + unknown + dropouts, and its results are the header record', async () => {
    const { rows } = await context.pool.query<{ enlistment_no: string; league: string }>(
      `SELECT DISTINCT p.enlistment_no, l.slug AS league, p.id FROM match_players mp JOIN players p ON p.id = mp.player_id
       JOIN leagues l ON l.id = mp.league_id WHERE mp.dropout OR mp.result IS NULL ORDER BY p.id LIMIT 12`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const player of rows) {
      const list = await get<PlayerRecentResponse>(`/api/league/player/${player.enlistment_no}/recent?limit=1&onlySAL=1&league=${player.league}`);
      const { data } = await get<PlayerSummaryResponse>(`/api/league/player/${player.enlistment_no}/summary?league=${player.league}`);
      const { counts } = list;
      expect(counts.win + counts.lose + counts.draw + counts.unknown + counts.dropout).toBe(list.total);
      expect({ win: counts.win, lose: counts.lose, draw: counts.draw }).toEqual({ win: data.win, lose: data.lose, draw: data.draw });
      expect(data.win + data.lose + data.draw).toBe(data.totalMatches);
      const { rows: [dropouts] } = await context.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM match_players mp JOIN players p ON p.id = mp.player_id JOIN leagues l ON l.id = mp.league_id
         WHERE p.enlistment_no = $1 AND l.slug = $2 AND mp.dropout`,
        [player.enlistment_no, player.league],
      );
      expect(counts.dropout).toBe(dropouts!.n);
    }
  });
});
