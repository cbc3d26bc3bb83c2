/** The fields of a standings row the order depends on. */
export interface StandingsOrderFields {
  clanName: string;
  score: number;
  totalMatches: number;
}

/** One collator for every comparison: localeCompare with a locale builds one per call. */
const KOREAN_ORDER = new Intl.Collator('ko');

/**
 * Orders standings rows (docs/product/leagues.md#standings-order): clans with matches first, then score descending,
 * then total matches descending, then name in Korean collation. Use with Array.prototype.sort.
 */
export function compareStandings(a: StandingsOrderFields, b: StandingsOrderFields): number {
  const playedA = a.totalMatches > 0 ? 1 : 0;
  const playedB = b.totalMatches > 0 ? 1 : 0;
  return (
    playedB - playedA ||
    b.score - a.score ||
    b.totalMatches - a.totalMatches ||
    KOREAN_ORDER.compare(a.clanName, b.clanName)
  );
}
