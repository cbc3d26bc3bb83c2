import type { ClanDetailResponse } from '../../server/contracts/clans.js';
import type { LeagueClanRow, LeagueSummaryEntry, StandingRow } from '../../server/contracts/league.js';
import type { ClanMatchesResponse, HeadToHeadResponse, PlayerRecentResponse } from '../../server/contracts/matches.js';
import type { PlayerSummaryData, PlayerSummaryResponse } from '../../server/contracts/players.js';
import type { RankingEntry } from '../../server/contracts/rankings.js';

/**
 * The data the browser suites need from the demo league, each found by the condition a test states, never by a
 * name or a place it once had: the demo league ends "now", so who leads, which clans moved and who played how often
 * change with the day. The e2e specs ask these through the served API; `npm run demo:check-days` asks the same
 * questions of leagues seeded as of several days, so a condition that some day's league cannot meet shows up
 * there, not as a failing test on that day.
 */

/** Reads a statistics call's answer (the e2e request context, or the app in a script). */
export type GetJson = <T>(path: string) => Promise<T>;

/** The first page of the SAL personal ranking (the beginner league's pool). */
function firstRankingPage(get: GetJson): Promise<RankingEntry[]> {
  return get<RankingEntry[]>('/api/sal/user/ranking?limit=100');
}

/** A beginner-league clan with 41+ matches (two match pages and more) and 21+ members, the one with most members. */
export async function busyClan(get: GetJson): Promise<LeagueClanRow> {
  const clans = await get<LeagueClanRow[]>('/api/league/sal-beginner/clans');
  const candidates = clans.filter((clan) => clan.totalMatches > 40 && clan.memberCount > 20);
  candidates.sort((a, b) => b.memberCount - a.memberCount);
  const clan = candidates[0];
  if (!clan) throw new Error('no beginner-league clan with 41+ matches and 21+ members');
  return clan;
}

/**
 * A ranked player whose own page (opened without a league) is the beginner league's and lists at least
 * `minMatches` of its matches: the player page tests page through two pages of 20.
 */
export async function rankedBeginnerPlayer(get: GetJson, minMatches = 40): Promise<PlayerSummaryData> {
  for (const row of await firstRankingPage(get)) {
    const summary = await get<PlayerSummaryResponse>(`/api/league/player/${row.playerId}/summary`);
    if (summary.data.leagueName !== 'sal-beginner' || !summary.data.hasRecord) continue;
    const recent = await get<PlayerRecentResponse>(`/api/league/player/${row.playerId}/recent?skip=0&limit=1&onlySAL=1`);
    if (recent.total >= minMatches) return summary.data;
  }
  throw new Error(`no beginner-league player of the top 100 has ${minMatches} matches on their page`);
}

/** Ranked players (first page) whose page, opened without a league, shows another league: their clan plays elsewhere. */
export async function rankedPlayersPlayingElsewhere(get: GetJson, wanted: number): Promise<string[]> {
  const found: string[] = [];
  for (const row of await firstRankingPage(get)) {
    if (found.length >= wanted) break;
    const summary = await get<PlayerSummaryResponse>(`/api/league/player/${row.playerId}/summary`);
    if (summary.data.leagueName !== 'sal-beginner') found.push(row.playerId);
  }
  return found;
}

/**
 * A ranked player whose clan left the beginner league after playing there (the case: the ranking shows
 * beginner-league figures, the clan now plays in another league), with the clan's beginner-league page.
 */
export async function playerOfMovedClan(get: GetJson) {
  for (const playerId of await rankedPlayersPlayingElsewhere(get, 20)) {
    const summary = (await get<PlayerSummaryResponse>(`/api/league/player/${playerId}/summary?league=sal-beginner`)).data;
    if (!summary.clan) continue;
    const old = (await get<ClanDetailResponse>(`/api/league/sal-beginner/clan-detail/${summary.clan.slug}`)).data;
    if (!old.context.isCurrent && old.totalMatches > 0) return { playerId, clan: summary.clan, old };
  }
  throw new Error('no ranked player of a clan that left the beginner league after playing there');
}

/** A ranked player with records in two or more leagues (the league switcher has somewhere to go). */
export async function rankedPlayerOfTwoLeagues(get: GetJson): Promise<PlayerSummaryData> {
  for (const row of await firstRankingPage(get)) {
    const summary = await get<PlayerSummaryResponse>(`/api/league/player/${row.playerId}/summary`);
    if (summary.data.context.records.length > 1) return summary.data;
  }
  throw new Error('no ranked player with records in two leagues');
}

/** The busy clan's most-played opponent, met more than ten times (two head-to-head pages). */
export async function busyRivalry(get: GetJson) {
  const clan = await busyClan(get);
  const { data } = await get<ClanDetailResponse>(`/api/league/sal-beginner/clan-detail/${clan.clanSlug}`);
  const opponent = data.match_summary.clan_summaries[0];
  if (!opponent) throw new Error(`${clan.clanSlug} has no opponent`);
  const versus = await get<HeadToHeadResponse>(`/api/league/sal-beginner/head-to-head/${clan.clanSlug}/${opponent.clanSlug}`);
  if (versus.data.total <= 10) throw new Error(`${clan.clanSlug} met its most-played opponent only ${versus.data.total} times`);
  return { clan, opponent, total: versus.data.total };
}

/** A match still recording on the first page of a clan's list, in any league (the newest demo matches record). */
export async function recordingMatch(get: GetJson) {
  for (const league of ['sal-beginner', 'supply-1', 'supply-2', 'sanply']) {
    for (const clan of await get<LeagueClanRow[]>(`/api/league/${league}/clans`)) {
      const matches = await get<ClanMatchesResponse>(`/api/league/${league}/clan-matches/${clan.clanSlug}?skip=0&limit=3&onlySAL=1`);
      const recording = matches.data.find((match) => match.recording);
      if (recording) return { league, slug: clan.clanSlug, matchId: recording.matchId };
    }
  }
  throw new Error('no match still recording on a clan list\'s first page');
}

/** The beginner standings with at least `count` clans that have played (the link tests open several). */
export async function standingsWithMatches(get: GetJson, count = 7): Promise<StandingRow[]> {
  const rows = (await get<StandingRow[]>('/api/league/sal-beginner/standings')).filter((row) => row.totalMatches > 0);
  if (rows.length < count) throw new Error(`only ${rows.length} beginner clans have played`);
  return rows;
}

/** The slug of a supply division's leader, which has played there and met opponents (the proxy clan page tests). */
export async function supplyLeader(get: GetJson, league: 'supply-1' | 'supply-2'): Promise<string> {
  const [leader] = await get<LeagueSummaryEntry[]>(`/api/league-summary/${league}`);
  if (!leader || leader.matches === 0) throw new Error(`nobody has played in ${league}`);
  const { data } = await get<ClanDetailResponse>(`/api/league/${league}/clan-detail/${leader.clan.slug}`);
  if (data.match_summary.clan_summaries.length === 0) throw new Error(`${leader.clan.slug} has no opponent in ${league}`);
  return leader.clan.slug;
}

/** Every condition the browser suites rely on, by name, for the day check. */
export const DEMO_PRECONDITIONS: Record<string, (get: GetJson) => Promise<unknown>> = {
  'busy beginner clan (41+ matches, 21+ members)': busyClan,
  'beginner player of the top 100 with 40+ matches on their page': (get) => rankedBeginnerPlayer(get),
  'ranked player whose clan left the beginner league after playing there': playerOfMovedClan,
  'ranked player with records in two leagues': rankedPlayerOfTwoLeagues,
  'busy clan met its most-played opponent 11+ times': busyRivalry,
  'a match still recording on a first page': recordingMatch,
  '7+ beginner clans that have played': (get) => standingsWithMatches(get),
  'a beginner clan in placement (1-19 matches) and one past it (20+)': async (get) => {
    const rows = await get<StandingRow[]>('/api/league/sal-beginner/standings');
    if (!rows.some((row) => row.totalMatches >= 1 && row.totalMatches <= 19)) throw new Error('no beginner clan in placement');
    if (!rows.some((row) => row.totalMatches >= 20)) throw new Error('no beginner clan past placement');
  },
  'the leaders of leagues 1 and 2 have played and met opponents': async (get) => {
    await supplyLeader(get, 'supply-1');
    await supplyLeader(get, 'supply-2');
  },
  'more than 100 ranked players (a second ranking page)': async (get) => {
    const second = await get<RankingEntry[]>('/api/sal/user/ranking?limit=100&skip=100');
    if (second.length === 0) throw new Error('100 ranked players or fewer');
  },
};
