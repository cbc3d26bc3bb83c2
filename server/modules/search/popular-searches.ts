import type { PopularSearchItem, PopularSearchResponse, SearchMode } from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import { isUrlLike } from '@shared/rules/search-keyword.js';
import { mixedSearchFinds } from './mixed-search.js';
import { findPlayer } from './player-lookup.js';

/**
 * Popular searches (docs/product/search.md#counting-popular-searches): up to 20 per source, counted over the last 7
 * days.
 */
export const POPULAR_LIMIT = 20;
export const POPULAR_WINDOW_DAYS = 7;
/** The list is recounted at most this often; a search made meanwhile shows up on the next count. */
const POPULAR_CACHE_MS = 60_000;

/**
 * Whether the search the page made found something, judged as that source's page does: SAL runs the mixed search
 * (or opens an enlistment number's player); the hidden 'supply' source looks a player up by number or exact name.
 */
function searchFinds(prisma: Database, keyword: string, mode: SearchMode): Promise<boolean> {
  if (mode === 'sal') return mixedSearchFinds(prisma, keyword);
  return findPlayer(prisma, keyword).then((player) => player !== null);
}

/**
 * Records one search when it found something: the popular list suggests searches worth making, and one that found
 * nothing (a typo, a name not in the league) would send the next reader to the same empty answer. Addresses are
 * not kept either, since the list never shows them. Answers whether the search was counted.
 */
export async function logSearch(prisma: Database, keyword: string, mode: SearchMode): Promise<boolean> {
  const trimmed = keyword.trim();
  if (isUrlLike(trimmed) || !(await searchFinds(prisma, trimmed, mode))) return false;
  await prisma.searchLog.create({ data: { keyword: trimmed, mode } });
  return true;
}

interface PopularSqlRow {
  mode: string;
  keyword: string;
  count: number;
}

async function countPopular(prisma: Database): Promise<PopularSearchResponse> {
  // Twice the limit per source, so hiding address-like keywords logged before they were refused still leaves 20.
  const rows = await prisma.$queryRaw<PopularSqlRow[]>`
    SELECT mode, keyword, count FROM (
      SELECT mode, keyword, count(*)::int AS count,
             row_number() OVER (PARTITION BY mode ORDER BY count(*) DESC, max(created_at) DESC, keyword) AS place
      FROM search_logs
      WHERE created_at > now() - make_interval(days => ${POPULAR_WINDOW_DAYS})
      GROUP BY mode, keyword
    ) AS ranked
    WHERE place <= ${POPULAR_LIMIT * 2}
    ORDER BY mode, place`;
  const bySource: PopularSearchResponse = { sal: [], supply: [] };
  for (const row of rows) {
    const list: PopularSearchItem[] | undefined = bySource[row.mode as SearchMode];
    if (!list || list.length >= POPULAR_LIMIT || isUrlLike(row.keyword)) continue;
    list.push({ _id: row.keyword, count: row.count });
  }
  return bySource;
}

/** The popular searches, recounted at most once a minute; the count in memory belongs to this instance. */
export function popularSearches(prisma: Database) {
  let cached: { at: number; value: Promise<PopularSearchResponse> } | undefined;

  function get(): Promise<PopularSearchResponse> {
    if (cached && Date.now() - cached.at < POPULAR_CACHE_MS) return cached.value;
    const value = countPopular(prisma);
    cached = { at: Date.now(), value };
    value.catch(() => {
      cached = undefined;
    });
    return value;
  }

  return { get };
}
