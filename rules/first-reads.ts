// What a page asks for first: the API addresses of its first screen and the module of its code. No imports but other
// rules: both sides bundle it. The web's queries build these addresses here, and the server names them in the
// page's head as preloads, so a phone has them on their way before the app has started (docs/decisions.md, "Phones:
// the page's code and first answers from the head"): the two sides cannot drift apart.

import { clanPageVariant } from './leagues.js';
import { MATCH_LIST_PAGE_SIZES, PHONE_SCREEN_QUERY } from './match-lists.js';

const enc = encodeURIComponent;

/** Rows per page of the SAL personal ranking (docs/product/rankings.md#ranking-paging); a shorter page means the end. */
export const RANKING_PAGE_SIZE = 100;

/** Rows of the home page's Top lists (docs/product/shell.md#home-top-5). */
export const HOME_TOP_LIMIT = 5;

/** Up to 300 members by rating (docs/product/clans.md#member-list). */
export const MEMBERS_LIMIT = 300;

/** The league whose standings page lists every clan with placement and ingest badges. */
export const STANDINGS_LEAGUE = 'sal-beginner';

/** Divisions whose table comes from GET /api/league-summary/{slug} (docs/product/leagues.md#division-table). */
export const SUMMARY_DIVISIONS = ['supply-1', 'supply-2', 'sanply'] as const;
export type SummaryDivision = (typeof SUMMARY_DIVISIONS)[number];

export function isSummaryDivision(slug: string): slug is SummaryDivision {
  return (SUMMARY_DIVISIONS as readonly string[]).includes(slug);
}

/** The address parameters of a match list's filter (the list calls' own parameter names). */
export const MATCH_FILTER_PARAMS = ['map', 'result', 'opponent', 'from', 'to'] as const;

/** The API addresses, each built once. */
export const apiPaths = {
  rankingPage: (skip: number) => `/api/sal/user/ranking?${new URLSearchParams({ limit: String(RANKING_PAGE_SIZE), skip: String(skip) })}`,
  topPlayers: () => `/api/sal/user/ranking?limit=${HOME_TOP_LIMIT}`,
  topClans: () => `/api/league/${STANDINGS_LEAGUE}/standings?limit=${HOME_TOP_LIMIT}`,
  standings: (league: string) => `/api/league/${enc(league)}/standings`,
  leagueSummary: (slug: string) => `/api/league-summary/${enc(slug)}`,
  leagueClans: (league: string) => `/api/league/${enc(league)}/clans`,
  clanDetail: (league: string, slug: string) => `/api/league/${enc(league)}/clan-detail/${enc(slug)}`,
  clanMembers: (league: string, slug: string) => `/api/league/${enc(league)}/clan-members/${enc(slug)}?sort=rating&limit=${MEMBERS_LIMIT}`,
  clanRatingHistory: (league: string, slug: string) => `/api/league/${enc(league)}/clan-rating-history/${enc(slug)}`,
  clanBreakdown: (league: string, slug: string) => `/api/league/${enc(league)}/clan-breakdown/${enc(slug)}`,
  /** `params`: skip, limit, the filter's fields, the anchor of later pages (in this order). */
  clanMatches: (league: string, slug: string, params: URLSearchParams) =>
    `/api/league/${enc(league)}/clan-matches/${enc(slug)}?${params}`,
  /** `league` null for reading 1 (the default league), so it keeps the spec's URL. */
  playerSummary: (playerId: string, league: string | null) =>
    `/api/league/player/${enc(playerId)}/summary${league ? `?league=${enc(league)}` : ''}`,
  playerRatingHistory: (playerId: string, league: string | null) =>
    `/api/league/player/${enc(playerId)}/rating-history${league ? `?league=${enc(league)}` : ''}`,
  playerBreakdown: (playerId: string, league: string) => `/api/league/player/${enc(playerId)}/breakdown?league=${enc(league)}`,
  playerRecent: (playerId: string, params: URLSearchParams) => `/api/league/player/${enc(playerId)}/recent?${params}`,
  /**
   * A match's detail as the clan and player pages ask for it, seen from `preferSlug`'s side when it names one of the
   * match's clans. The server makes a list page's details ready under these very addresses (docs/caching.md, "Match
   * details ahead of their readers").
   */
  matchDetail: (matchId: string, preferSlug: string | null) =>
    `/api/league/match-detail/${enc(matchId)}${preferSlug ? `?preferSlug=${enc(preferSlug)}` : ''}`,
};

/** The parameters of a clan's match list page before its filter and anchor (docs/product/clans.md#match-list-paging). */
export function clanMatchesParams(slug: string, skip: number, limit: number): URLSearchParams {
  return new URLSearchParams({ skip: String(skip), limit: String(limit), onlySAL: '1', preferSlug: slug });
}

/** The parameters of a player's match list page before its filter and anchor (docs/product/players.md#player-match-paging). */
export function playerRecentParams(league: string | null, skip: number, limit: number): URLSearchParams {
  const params = new URLSearchParams({ skip: String(skip), limit: String(limit), onlySAL: '1' });
  if (league) params.set('league', league);
  return params;
}

/** One first read; `media` when the address depends on the screen (a match list's page size). */
export interface FirstRead {
  url: string;
  media?: string;
}

/** What a page needs first: its module (the source path under web/, null when it comes with the app) and reads. */
export interface FirstLoad {
  module: string | null;
  reads: FirstRead[];
}

/**
 * A match list's first page for each screen, as the page asks for it. None when the address names a filter: the
 * page reads the filter with its own rules (a value the list call would refuse is dropped), so only the unfiltered
 * list is named ahead.
 */
function firstMatchPages(search: URLSearchParams, urlOf: (pageSize: number) => string): FirstRead[] {
  if (MATCH_FILTER_PARAMS.some((name) => search.has(name))) return [];
  return [
    { url: urlOf(MATCH_LIST_PAGE_SIZES.mobile), media: PHONE_SCREEN_QUERY },
    { url: urlOf(MATCH_LIST_PAGE_SIZES.desktop), media: `not all and ${PHONE_SCREEN_QUERY}` },
  ];
}

const RANKING_MODULE = 'src/features/ranking/SalRankingPage.tsx';

/**
 * The first load of the pages readers open most (the home page, the ranking, the league pages, the clan and player
 * pages of a named league, the trade list), by path segments (each decoded) and the address's query; null for any
 * other page. The web's route loaders ask for the same reads (web/src/router.tsx); tests/e2e/first-load.spec.ts
 * checks that each answer named here is used and asked for once.
 */
export function firstLoadOf(segments: readonly string[], search: URLSearchParams): FirstLoad | null {
  const [first, second, third, fourth] = segments;
  switch (segments.length) {
    case 0:
      return { module: null, reads: [{ url: apiPaths.topClans() }, { url: apiPaths.topPlayers() }] };
    case 1:
      return first === 'ranking' ? { module: RANKING_MODULE, reads: [{ url: apiPaths.rankingPage(0) }] } : null;
    case 2:
      if (first === 'rank' && second === 'sal-player') return { module: RANKING_MODULE, reads: [{ url: apiPaths.rankingPage(0) }] };
      if (first === 'trade' && second === 'user') return { module: 'src/features/trade/pages/TradeListPage.tsx', reads: [] };
      if (first === 'league' && second !== 'sal') return { module: 'src/features/league/DivisionPage.tsx', reads: [leagueTableRead(second!, search)] };
      return null;
    case 4:
      if (first !== 'league') return null;
      if (third === 'clan' && clanPageVariant(second!) === 'league') return clanFirstLoad(second!, fourth!, search);
      if (third === 'player') return playerFirstLoad(second!, fourth!, search);
      return null;
    default:
      return null;
  }
}

/** The table a league page shows: the standings, a division's table, or the clan list (docs/product/leagues.md). */
export function leagueTableRead(league: string, search: URLSearchParams): FirstRead {
  if (league === STANDINGS_LEAGUE) return { url: apiPaths.standings(league) };
  if (isSummaryDivision(league) && search.get('view') !== 'list') return { url: apiPaths.leagueSummary(league) };
  return { url: apiPaths.leagueClans(league) };
}

function clanFirstLoad(league: string, slug: string, search: URLSearchParams): FirstLoad {
  return {
    module: 'src/features/clan/ClanPage.tsx',
    reads: [
      { url: apiPaths.clanDetail(league, slug) },
      { url: apiPaths.clanMembers(league, slug) },
      { url: apiPaths.clanRatingHistory(league, slug) },
      { url: apiPaths.clanBreakdown(league, slug) },
      ...firstMatchPages(search, (pageSize) => apiPaths.clanMatches(league, slug, clanMatchesParams(slug, 0, pageSize))),
    ],
  };
}

function playerFirstLoad(league: string, playerId: string, search: URLSearchParams): FirstLoad {
  return {
    module: 'src/features/player/PlayerPage.tsx',
    reads: [
      { url: apiPaths.playerSummary(playerId, league) },
      { url: apiPaths.playerRatingHistory(playerId, league) },
      { url: apiPaths.playerBreakdown(playerId, league) },
      ...firstMatchPages(search, (pageSize) => apiPaths.playerRecent(playerId, playerRecentParams(league, 0, pageSize))),
    ],
  };
}
