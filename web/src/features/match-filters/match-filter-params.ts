import type { MatchListFilterFields } from '@shared/contracts/match-filters';

/**
 * A match list filter as page state: each field is its own address parameter (`?map=제3보급창고&result=win`), the
 * names the list calls take, so a reload or a shared link shows the same filtered list. Pure, tested once.
 */
export type MatchFilter = MatchListFilterFields;
export type MatchFilterKey = 'map' | 'result' | 'opponent' | 'from' | 'to';

/** The filter's fields in the order the bar shows them (the list calls' parameter names). */
export const MATCH_FILTER_KEYS: readonly MatchFilterKey[] = ['map', 'result', 'opponent', 'from', 'to'];

const RESULTS = new Set(['win', 'lose', 'draw']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The filter an address names. A value the list call would refuse by its shape (a result word it does not know, a
 * day not written YYYY-MM-DD) is left out rather than turning the list into an error.
 */
export function readMatchFilter(params: URLSearchParams): MatchFilter {
  const filter: MatchFilter = {};
  const map = params.get('map');
  if (map) filter.map = map;
  const result = params.get('result');
  if (result && RESULTS.has(result)) filter.result = result as MatchFilter['result'];
  const opponent = params.get('opponent');
  if (opponent) filter.opponent = opponent;
  for (const key of ['from', 'to'] as const) {
    const day = params.get(key);
    if (day && DAY.test(day)) filter[key] = day;
  }
  return filter;
}

/** The address with `filter` written in (other parameters kept; an empty field removed). */
export function writeMatchFilter(params: URLSearchParams, filter: MatchFilter): URLSearchParams {
  const updated = new URLSearchParams(params);
  for (const key of MATCH_FILTER_KEYS) {
    const value = filter[key];
    if (value) updated.set(key, value);
    else updated.delete(key);
  }
  return updated;
}

/** How many fields narrow the list. */
export function activeFilterCount(filter: MatchFilter): number {
  return MATCH_FILTER_KEYS.filter((key) => filter[key]).length;
}

/** The filter as query parameters of the list calls, in a stable order (it is part of the query key too). */
export function filterQueryEntries(filter: MatchFilter): [string, string][] {
  return MATCH_FILTER_KEYS.flatMap((key) => {
    const value = filter[key];
    return value ? [[key, value] as [string, string]] : [];
  });
}
