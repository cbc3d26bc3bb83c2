/** The unit of a relative time; the web's i18n turns {value, unit} into '3분 전'. */
export type RelativeTimeUnit = 'seconds' | 'minutes' | 'hours' | 'days';

/** How long ago something happened, in the largest whole unit that fits. */
export interface RelativeTime {
  value: number;
  unit: RelativeTimeUnit;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Time from `then` to `now` as seconds under a minute, minutes under an hour, hours under a day, else days
 * (docs/product/ratings.md#relative-time), rounded down; a time in the future (clock skew) counts as 0 seconds, an
 * invalid date gives null.
 */
export function relativeTime(then: Date | string | number, now: Date | number): RelativeTime | null {
  const elapsed = new Date(now).getTime() - new Date(then).getTime();
  if (Number.isNaN(elapsed)) return null;
  if (elapsed < MINUTE) return { value: Math.max(0, Math.floor(elapsed / SECOND)), unit: 'seconds' };
  if (elapsed < HOUR) return { value: Math.floor(elapsed / MINUTE), unit: 'minutes' };
  if (elapsed < DAY) return { value: Math.floor(elapsed / HOUR), unit: 'hours' };
  return { value: Math.floor(elapsed / DAY), unit: 'days' };
}
