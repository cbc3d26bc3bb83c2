import type { ClanMatchesResponse, PlayerRecentResponse } from '../../server/contracts/matches.js';
import type { PlayerSummaryResponse } from '../../server/contracts/players.js';
import type { PageVisit } from './live-traffic.js';
import type { ReaderBrowser } from './reader-browser.js';

/*
 * The API calls the web app makes for each page (web/src/features/<page>/*-queries.ts), in its order: what a
 * page asks at once goes out together at the page's due time; what needs an earlier answer goes out when that
 * answer arrives. Sizes are the desktop ones (20 matches a list).
 */

/** The match details of a list's page are prefetched 4 at a time (web: DETAIL_PREFETCH_CONCURRENCY). */
const DETAIL_PREFETCH_CONCURRENCY = 4;
const MATCH_PAGE_SIZE = 20;
const RANKING_PAGE_SIZE = 100;
const HOME_TOP_LIMIT = 5;
/** The league whose standings are their own page (the others show a summary table). */
const STANDINGS_LEAGUE = 'sal-beginner';

const enc = encodeURIComponent;

/** The finished matches of a list page: the ones whose details the page prefetches. */
function finishedMatchIds(body: unknown): string[] {
  return (body as ClanMatchesResponse | PlayerRecentResponse).data.filter((item) => !item.recording).map((item) => item.matchId);
}

/** A finished match never changes: the web keeps its detail for the whole visit (staleTime Infinity). */
const FOR_THE_VISIT = Number.POSITIVE_INFINITY;

/** Runs `work` over `items`, at most `limit` at a time. */
async function runLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** A list page's match details, 4 at a time, each timed from when a slot freed for it. */
async function prefetchDetails(browser: ReaderBrowser, matchIds: readonly string[], preferSlug: string | null): Promise<void> {
  const query = preferSlug ? `?preferSlug=${enc(preferSlug)}` : '';
  await runLimited(matchIds, DETAIL_PREFETCH_CONCURRENCY, (id) =>
    browser.get('match detail', `/api/league/match-detail/${enc(id)}${query}`, performance.now(), { freshForMs: FOR_THE_VISIT }));
}

async function clanPage(browser: ReaderBrowser, league: string, slug: string, dueAt: number): Promise<void> {
  const base = `/api/league/${enc(league)}`;
  // The page's route asks for all five at once (web/src/router.tsx, firstData), the match list included; its
  // details are prefetched once the list has arrived.
  const params = new URLSearchParams({ skip: '0', limit: String(MATCH_PAGE_SIZE), onlySAL: '1', preferSlug: slug });
  await Promise.all([
    browser.get('clan detail', `${base}/clan-detail/${enc(slug)}`, dueAt),
    browser.get('clan members', `${base}/clan-members/${enc(slug)}?sort=rating&limit=300`, dueAt),
    browser.get('clan rating history', `${base}/clan-rating-history/${enc(slug)}`, dueAt),
    browser.get('clan maps panel', `${base}/clan-breakdown/${enc(slug)}`, dueAt),
    browser.get('clan matches page 1', `${base}/clan-matches/${enc(slug)}?${params}`, dueAt, { pick: finishedMatchIds })
      .then((matches) => matches && prefetchDetails(browser, matches, slug)),
  ]);
}

async function playerPage(browser: ReaderBrowser, playerId: string, dueAt: number): Promise<void> {
  const base = `/api/league/player/${enc(playerId)}`;
  // Reading 1 (/sal/player/{id}) names no league: the summary says which one the page shows, the rest follows it.
  const summary = await browser.get('player summary', `${base}/summary`, dueAt, { pick: (body) => (body as PlayerSummaryResponse).data });
  if (!summary || summary.totalMatches === 0) return;
  const league = enc(summary.leagueName);
  const askedAt = performance.now();
  const params = new URLSearchParams({ skip: '0', limit: String(MATCH_PAGE_SIZE), onlySAL: '1', league: summary.leagueName });
  await Promise.all([
    browser.get('player rating history', `${base}/rating-history?league=${league}`, askedAt),
    browser.get('player maps and weapons', `${base}/breakdown?league=${league}`, askedAt),
    browser.get('player recent', `${base}/recent?${params}`, askedAt, { pick: finishedMatchIds })
      .then((matches) => matches && prefetchDetails(browser, matches, summary.clanSlug)),
  ]);
}

/** Opens one page as the web app does, each call through the reader's browser (which records it). */
export async function openPage(browser: ReaderBrowser, visit: PageVisit, dueAt: number): Promise<void> {
  // The footer's site facts: asked on the first page of a visit only (staleTime Infinity).
  const calls: Array<Promise<unknown>> = [browser.get('site facts (footer)', '/api/site', dueAt, { freshForMs: FOR_THE_VISIT })];
  switch (visit.kind) {
    case 'home':
      calls.push(
        browser.get('home: top clans', `/api/league/${STANDINGS_LEAGUE}/standings?limit=${HOME_TOP_LIMIT}`, dueAt),
        browser.get('home: top players', `/api/sal/user/ranking?limit=${HOME_TOP_LIMIT}`, dueAt),
        browser.get('home: popup notices', '/api/sal/notice?popupOnly=1', dueAt),
      );
      break;
    case 'ranking': {
      const read = visit.page === 1 ? 'ranking page 1' : 'ranking, a later page';
      const skip = (visit.page - 1) * RANKING_PAGE_SIZE;
      calls.push(browser.get(read, `/api/sal/user/ranking?limit=${RANKING_PAGE_SIZE}&skip=${skip}`, dueAt));
      break;
    }
    case 'standings':
      calls.push(visit.league === STANDINGS_LEAGUE
        ? browser.get('standings', `/api/league/${enc(visit.league)}/standings`, dueAt)
        : browser.get('division summary', `/api/league-summary/${enc(visit.league)}`, dueAt));
      break;
    case 'clan':
      calls.push(clanPage(browser, visit.league, visit.slug, dueAt));
      break;
    case 'player':
      calls.push(playerPage(browser, visit.playerId, dueAt));
      break;
  }
  await Promise.all(calls);
}
