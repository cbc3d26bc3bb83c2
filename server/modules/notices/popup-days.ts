import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/** Korean time is UTC+9 all year (no daylight saving). */
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The Korean calendar day of a `YYYY-MM-DD` string or of a date-time; 400 when it is neither. */
function koreanDay(value: string): { year: number; month: number; day: number } {
  const trimmed = value.trim();
  const dateOnly = DATE_ONLY.exec(trimmed);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return { year, month, day };
    }
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    const instant = Date.parse(trimmed);
    if (!Number.isNaN(instant)) {
      const shifted = new Date(instant + KST_OFFSET_MS);
      return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
    }
  }
  throw new BadRequestError(serverMessages.noticePopupDayInvalid, 'popup_day_invalid');
}

function startOfKoreanDay(value: string): number {
  const { year, month, day } = koreanDay(value);
  return Date.UTC(year, month - 1, day) - KST_OFFSET_MS;
}

/** 00:00:00.000 of the chosen day in Korean time (docs/product/notices.md#popup-days). */
export function popupStartOf(value: string): Date {
  return new Date(startOfKoreanDay(value));
}

/**
 * 23:59:59.999 of the chosen day in Korean time (the end is 23:59:59 of that day, to its last millisecond:
 * docs/product/notices.md#popup-days).
 */
export function popupEndOf(value: string): Date {
  return new Date(startOfKoreanDay(value) + DAY_MS - 1);
}
