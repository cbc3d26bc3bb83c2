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
