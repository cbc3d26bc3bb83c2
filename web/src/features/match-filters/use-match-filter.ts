import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readMatchFilter, writeMatchFilter, type MatchFilter } from './match-filter-params';

/**
 * The match list filter of the page, kept in the address. A new filter adds a history entry (back returns to the
 * list as it was) and keeps the rest of the page's state (league, sorts, an open match).
 */
export function useMatchFilter(): [MatchFilter, (next: MatchFilter) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readMatchFilter(params), [params]);
  const setFilter = useCallback((next: MatchFilter) => {
    setParams((current) => writeMatchFilter(current, next), { preventScrollReset: true });
  }, [setParams]);
  return [filter, setFilter];
}

/**
 * Shows one map's matches: the map panel's map names narrow the page's list to that map and bring the list
 * (the element `listId`) into view.
 */
export function useShowMapMatches(listId: string): (map: string) => void {
  const [filter, setFilter] = useMatchFilter();
  return useCallback((map: string) => {
    setFilter({ ...filter, map });
    document.getElementById(listId)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [filter, setFilter, listId]);
}
