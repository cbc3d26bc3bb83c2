import type { MatchResult } from './match-result.js';

/** Label keys of a streak banner; the web maps them to Korean text. */
export type StreakLevel = 'rising' | 'onFire' | 'legendary' | 'declining' | 'holdYourMind' | 'gg';

/** Consecutive identical latest results, newest first: wins positive, losses negative, a latest draw 0 (spec §4). */
export function currentStreak(resultsNewestFirst: readonly MatchResult[]): number {
  const latest = resultsNewestFirst[0];
  if (latest === undefined || latest === 'draw') return 0;
  const sameAsLatest = resultsNewestFirst.findIndex((result) => result !== latest);
  const length = sameAsLatest === -1 ? resultsNewestFirst.length : sameAsLatest;
  return latest === 'win' ? length : -length;
}

/** The banner label for a streak (spec §4: 3, 5 and 10 in a row), or null when the streak is too short. */
export function streakLevel(streak: number): StreakLevel | null {
  if (streak >= 10) return 'legendary';
  if (streak >= 5) return 'onFire';
  if (streak >= 3) return 'rising';
  if (streak <= -10) return 'gg';
  if (streak <= -5) return 'holdYourMind';
  if (streak <= -3) return 'declining';
  return null;
}
