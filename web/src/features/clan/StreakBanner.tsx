import { ko } from '../../i18n/ko';
import type { StreakLevel } from '@shared/rules/streak';

/**
 * 'N연승 중' / 'N연패 중' from two in a row; the coloured banner with its label from three
 * (docs/product/ratings.md#streak-text-and-banner).
 */
export function StreakBanner({ streak, label }: { streak: number; label: StreakLevel | null }) {
  if (Math.abs(streak) < 2) return null;
  const text = streak > 0 ? ko.stats.streak.wins(streak) : ko.stats.streak.losses(-streak);
  const kind = streak > 0 ? 'win' : 'lose';
  return (
    <p className={label ? `streak-banner streak-banner--${kind} streak-banner--${label}` : `streak-banner streak-banner--${kind} streak-banner--plain`}
      data-testid="streak-banner">
      <strong>{text}</strong>
      {label && <span className="streak-banner__label">{ko.stats.streak[label]}</span>}
    </p>
  );
}
