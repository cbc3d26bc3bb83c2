import type { PopularSearchItem, PopularSearchResponse, SearchMode } from '../../contracts/search.js';
import type { Database } from '../../db/client.js';
import { isUrlLike } from '../../../web/src/lib/search-keyword.js';

/** Popular searches (spec §9): up to 20 per source, counted over the last 7 days. */
export const POPULAR_LIMIT = 20;
export const POPULAR_WINDOW_DAYS = 7;
/** The list is recounted at most this often; a search made meanwhile shows up on the next count. */
const POPULAR_CACHE_MS = 60_000;

/** Records one search; addresses are not kept, since the popular list never shows them. */
export async function logSearch(prisma: Database, keyword: string, mode: SearchMode): Promise<void> {
  const trimmed = keyword.trim();
  if (isUrlLike(trimmed)) return;
  await prisma.searchLog.create({ data: { keyword: trimmed, mode } });
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

/** The popular searches, recounted at most once a minute per process. */
export class PopularSearches {
  private cached: { at: number; value: Promise<PopularSearchResponse> } | undefined;

  constructor(private readonly prisma: Database) {}

  get(): Promise<PopularSearchResponse> {
    if (this.cached && Date.now() - this.cached.at < POPULAR_CACHE_MS) return this.cached.value;
    const value = countPopular(this.prisma);
    this.cached = { at: Date.now(), value };
    value.catch(() => {
      this.cached = undefined;
    });
    return value;
  }
}
