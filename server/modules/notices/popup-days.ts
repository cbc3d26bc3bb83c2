import { BadRequestError } from '../../lib/errors.js';
import { DAY_MS, koreanDayStart, KST_OFFSET_MS } from '../../lib/korean-time.js';
import { serverMessages } from '../../lib/messages.js';

/** When the Korean calendar day of a `YYYY-MM-DD` string or of a date-time starts; 400 when it is neither. */
function startOfKoreanDay(value: string): number {
  const trimmed = value.trim();
  const dayStart = koreanDayStart(trimmed);
  if (dayStart) return dayStart.getTime();
  if (/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    const instant = Date.parse(trimmed);
    if (!Number.isNaN(instant)) {
      const shifted = new Date(instant + KST_OFFSET_MS);
      return Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - KST_OFFSET_MS;
    }
  }
  throw new BadRequestError(serverMessages.noticePopupDayInvalid, 'popup_day_invalid');
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
