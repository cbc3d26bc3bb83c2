import type { StreakInfo } from './api-types';

/** Banner label keys of a streak (spec §4); the strings are ko.stats.streak[label]. */
export type StreakLabel = NonNullable<StreakInfo['label']>;

/**
 * The banner label of a streak value (wins positive, losses negative): 3+ rising, 5+ on fire, 10+ legendary;
 * -3 declining, -5 hold your mind, -10 GG. The league-name API sends it ready; the proxy answer sends only the
 * value (win_straight), so the page reads it here.
 */
export function streakLabel(streak: number): StreakLabel | null {
  if (streak >= 10) return 'legendary';
  if (streak >= 5) return 'onFire';
  if (streak >= 3) return 'rising';
  if (streak <= -10) return 'gg';
  if (streak <= -5) return 'holdYourMind';
  if (streak <= -3) return 'declining';
  return null;
}
