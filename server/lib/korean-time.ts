import { formatWithKoreanDayPeriod } from '@shared/rules/korean-time.js';
import { serverMessages } from './messages.js';

/** Times as Korean readers write them, in Korean time (rules/korean-time.ts writes 오전/오후, not AM/PM). */

const KOREAN_DATE_TIME = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** A date and time in Korean time: "2026년 12월 22일 오후 1:05". */
export function formatKoreanDateTime(date: Date): string {
  return formatWithKoreanDayPeriod(KOREAN_DATE_TIME, date, serverMessages);
}

/** A wait as the pages count it down: "10분 58초", "45초", "3분". */
export function formatWait(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return serverMessages.waitSeconds(rest);
  return rest === 0 ? serverMessages.waitMinutes(minutes) : serverMessages.waitMinutesSeconds(minutes, rest);
}

/** Korean time is UTC+9 all year (no daylight saving). */
export const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
/** One calendar day. */
export const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** When the Korean calendar day `YYYY-MM-DD` starts (00:00 Korean time); null when the text is no real day. */
export function koreanDayStart(value: string): Date | null {
  const parts = DAY_ONLY.exec(value);
  if (!parts) return null;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return new Date(check.getTime() - KST_OFFSET_MS);
}
