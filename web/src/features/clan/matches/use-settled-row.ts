import { useQuery } from '@tanstack/react-query';
import type { MatchDetailQuery } from './match-queries';
import type { MatchDetailView, MatchRowView } from './match-view';

/**
 * A list row corrected by its match detail: the list answer of a match listed while recording keeps saying so,
 * but once the detail (opened, or prefetched) has arrived complete, its result and score are the current ones.
 */
export function settleRow(row: MatchRowView, detail: MatchDetailView | undefined): MatchRowView {
  if (!detail?.teams || (!row.recording && row.result)) return row;
  const [blue, red] = detail.teams;
  const own = row.ownSide === 'blue' ? blue : row.ownSide === 'red' ? red : null;
  return {
    ...row,
    recording: false,
    result: own?.result ?? row.result,
    blueScore: blue.score ?? row.blueScore,
    redScore: red.score ?? row.redScore,
  };
}

/** The row as `settleRow` tells it, following the detail in the query cache without ever fetching it. */
export function useSettledRow(row: MatchRowView, query: MatchDetailQuery): MatchRowView {
  const detail = useQuery({ ...query(row.id), enabled: false });
  return settleRow(row, detail.data);
}
