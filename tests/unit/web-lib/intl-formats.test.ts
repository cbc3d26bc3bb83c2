import { describe, expect, it } from 'vitest';
import { formatKoreanNumber, formatNumericDate, formatNumericDateTime, onFirstUse } from '../../../web/src/lib/intl-formats.js';

describe('formatKoreanNumber: the text toLocaleString(\'ko-KR\') writes, whole numbers grouped without Intl', () => {
  it.each([0, 7, 42, 999, 1000, 1234, 12_345, 123_456, 1_234_567, 100_000_000, -1, -999, -1000, -1_234_567, Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER, -0, 1234.5, 0.125, -98_765.4321, 1e21, Number.NaN, Number.POSITIVE_INFINITY])('writes %s as toLocaleString does', (value) => {
    expect(formatKoreanNumber(value)).toBe(value.toLocaleString('ko-KR'));
  });
});

describe('onFirstUse: a value made once, when first asked for', () => {
  it('makes nothing until asked, then the same value every time', () => {
    let made = 0;
    const value = onFirstUse(() => ({ made: ++made }));
    expect(made).toBe(0);
    expect(value()).toBe(value());
    expect(made).toBe(1);
  });
});

describe('formatNumericDate and formatNumericDateTime: the text Intl\'s ko-KR writes, without Intl', () => {
  const dates = [
    new Date(2026, 0, 5, 0, 3), new Date(2026, 10, 27, 23, 59), new Date(2009, 11, 31, 12, 0), new Date(2000, 1, 29, 9, 7),
    new Date(2031, 6, 1, 13, 30), new Date(1999, 8, 9, 1, 1),
  ];
  it.each(dates)('writes %s as Intl does', (date) => {
    expect(formatNumericDate(date)).toBe(new Intl.DateTimeFormat('ko-KR', { month: '2-digit', day: '2-digit' }).format(date));
    // Chromium writes hour12: false as the 0-23 cycle (some ICU builds write 24:03 for 00:03): h23 is what readers saw.
    const dateTime = new Intl.DateTimeFormat('ko-KR', {
      year: '2-digit', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
    });
    expect(formatNumericDateTime(date)).toBe(dateTime.format(date));
  });
});
