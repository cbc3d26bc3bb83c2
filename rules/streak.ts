/**
 * The streak banner rule, shared by the server (clan and player answers carry the label) and the web (the proxy
 * answers carry only the streak value). Plain code without schema imports, so the web bundle can take it.
 */

/** Label keys of a streak banner; the web maps them to Korean text. */
export type StreakLevel = 'rising' | 'onFire' | 'legendary' | 'declining' | 'holdYourMind' | 'gg';

/**
 * The banner label for a streak (3, 5 and 10 in a row: docs/product/ratings.md#streak-labels), or null when the streak
 * is too short.
 */
export function streakLevel(streak: number): StreakLevel | null {
  if (streak >= 10) return 'legendary';
  if (streak >= 5) return 'onFire';
  if (streak >= 3) return 'rising';
  if (streak <= -10) return 'gg';
  if (streak <= -5) return 'holdYourMind';
  if (streak <= -3) return 'declining';
  return null;
}
