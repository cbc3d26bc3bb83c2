import { describe, expect, it } from 'vitest';
import { formatWithKoreanDayPeriod } from '../../../rules/korean-time.js';
import { ko } from '../../../web/src/i18n/ko.js';
import { formatDateTime } from '../../../web/src/lib/korean-date.js';

describe('formatDateTime: the text of Intl\'s ko-KR date and 12-hour time with 오전/오후, written by hand', () => {
  const intl = new Intl.DateTimeFormat('ko-KR', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });
  const dates = [
    new Date(2026, 10, 22, 13, 5), new Date(2026, 0, 1, 0, 0), new Date(2026, 0, 1, 0, 5), new Date(2025, 11, 31, 12, 0),
    new Date(2025, 11, 31, 11, 59), new Date(2025, 11, 31, 23, 59), new Date(2009, 4, 9, 9, 9), new Date(2031, 6, 15, 12, 30),
  ];
  it.each(dates)('writes %s as Intl does', (date) => {
    expect(formatDateTime(date)).toBe(formatWithKoreanDayPeriod(intl, date, ko.common));
    expect(formatDateTime(date.toISOString())).toBe(formatDateTime(date));
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
