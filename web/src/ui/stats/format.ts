import { ko } from '../../i18n/ko.js';
import { formatKoreanNumber } from '../../lib/intl-formats.js';
import { relativeTime } from '../../lib/relative-time.js';

const t = ko.stats;

/** A value that may be missing from an answer; pages show '-' for it (docs/product/ratings.md#missing-values). */
export type Maybe<T> = T | null | undefined;

/** Whole numbers with thousands separators, '-' when missing. */
export function formatNumber(value: Maybe<number>): string {
  return value === null || value === undefined || Number.isNaN(value) ? t.common.dash : formatKoreanNumber(value);
}

/** A percentage with one decimal ('57.3%'), '-' when missing. */
export function formatPercent(value: Maybe<number>, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return t.common.dash;
  return t.common.percent(value.toFixed(digits));
}

/**
 * A ratio such as K/D (two decimals) or average kills (one), '-' when missing. Cut, never rounded up: these figures
 * are coloured by thresholds (10+ average kills, a K/D of 1.3), so 9.99 must read 9.9, not a 10.0 without the
 * 10+ colour. (The figure is at most one unit of its last digit below the exact value, never above.)
 */
export function formatRatio(value: Maybe<number>, digits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return t.common.dash;
  const factor = 10 ** digits;
  // toFixed(6) first: 2.3 * 10 is 22.999999999999996 in floating point, which must still cut to 2.3.
  const cut = Math.trunc(Number((value * factor).toFixed(6))) / factor;
  return cut.toFixed(digits);
}

/** '3분 전' for a time, '알 수 없음' when the time is missing or unreadable. */
export function formatTimeAgo(at: Maybe<string | number | Date>, now: number = Date.now()): string {
  if (at === null || at === undefined) return t.common.unknown;
  const ago = relativeTime(at, now);
  return ago ? t.relativeTime[ago.unit](ago.value) : t.common.unknown;
}

/** Top percent of a rank among `total` (rank 1 of 200 is 0.5), or null when nothing is ranked. */
export function topPercent(rank: Maybe<number>, total: Maybe<number>): number | null {
  if (!rank || !total) return null;
  return (rank / total) * 100;
}

/** Top percent for display: one decimal, without a trailing '.0' under 10 only when whole ('1', '3.5', '12'). */
export function formatTopPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
