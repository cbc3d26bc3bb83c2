import type { MatchRecord, PlayerMatchRow } from '../../contracts/ingest-record.js';

/** A match from one side's point of view. */
export type MatchResult = 'win' | 'lose' | 'draw';
/** A team colour in a match. */
export type Side = PlayerMatchRow['side'];
/** The winning side of a finished match, or draw. */
export type Winner = NonNullable<MatchRecord['winner']>;

/** The result of a side given the match's winner, so ratings and streaks share one reading of a match. */
export function resultForSide(winner: Winner, side: Side): MatchResult {
  if (winner === 'draw') return 'draw';
  return winner === side ? 'win' : 'lose';
}
