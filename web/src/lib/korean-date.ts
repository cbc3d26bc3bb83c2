import { formatWithKoreanDayPeriod } from '@shared/rules/korean-time';
import { ko } from '../i18n/ko.js';
import { onFirstUse } from './intl-formats.js';

/** Dates and times as Korean readers write them, in the reader's time zone (오전/오후, not AM/PM). */

const SHORT_DATE_TIME = onFirstUse(() => new Intl.DateTimeFormat('ko-KR', { month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }));
const DATE_ONLY = onFirstUse(() => new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric' }));

const withKoreanDayPeriod = (format: Intl.DateTimeFormat, date: Date) => formatWithKoreanDayPeriod(format, date, ko.common);

const parse = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * "2026년 11월 22일 오후 1:05" in the reader's time zone; '' for a value that is not a date. Written by hand (the
 * text Intl's ko-KR writes, with 오전/오후): every time-ago on the statistics pages carries it as its tooltip, and
 * the two formatters it took cost a player page's first screen a 20 ms task (about 90 ms on a phone's slower CPU).
 */
export function formatDateTime(value: string | Date): string {
  const date = parse(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  const half = hours < 12 ? ko.common.morning : ko.common.afternoon;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${date.getFullYear()}년 ${date.getMonth() + 1}월 ${date.getDate()}일 ${half} ${hours % 12 || 12}:${minutes}`;
}

/** "11월 22일 오후 1:05": for times within the coming days (a deal's expiry, a restriction's end). */
export function formatShortDateTime(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : withKoreanDayPeriod(SHORT_DATE_TIME(), date);
}

/** "2026년 11월 22일". */
export function formatDate(value: string | Date): string {
  const date = parse(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_ONLY().format(date);
}
