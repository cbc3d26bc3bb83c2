import type { MatchResult } from './match-result.js';

/**
 * Consecutive identical latest results, newest first: wins positive, losses negative, a latest draw 0
 * (docs/product/ratings.md#streak).
 */
export function currentStreak(resultsNewestFirst: readonly MatchResult[]): number {
  const latest = resultsNewestFirst[0];
  if (latest === undefined || latest === 'draw') return 0;
  const sameAsLatest = resultsNewestFirst.findIndex((result) => result !== latest);
  const length = sameAsLatest === -1 ? resultsNewestFirst.length : sameAsLatest;
  return latest === 'win' ? length : -length;
}
