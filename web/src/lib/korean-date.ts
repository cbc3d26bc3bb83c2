import { ko } from '../i18n/ko';

/**
 * Dates and times as Korean readers write them. ICU's current Korean data names the half of the day "AM"/"PM", so
 * Intl alone writes "PM 5:15" into Korean text; the day period is written 오전/오후 here instead.
 */

const DATE_TIME = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
const SHORT_DATE_TIME = new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
const DATE_ONLY = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric' });

function withKoreanDayPeriod(format: Intl.DateTimeFormat, date: Date): string {
  return format.formatToParts(date)
    .map((part) => (part.type === 'dayPeriod' ? (date.getHours() < 12 ? ko.common.morning : ko.common.afternoon) : part.value))
    .join('');
}

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "2026년 11월 22일 오후 1:05" in the reader's time zone; '' for a value that is not a date. */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : withKoreanDayPeriod(DATE_TIME, date);
}

/** "11월 22일 오후 1:05": for times within the coming days (a deal's expiry, a restriction's end). */
export function formatShortDateTime(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : withKoreanDayPeriod(SHORT_DATE_TIME, date);
}

/** "2026년 11월 22일". */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_ONLY.format(date);
}
