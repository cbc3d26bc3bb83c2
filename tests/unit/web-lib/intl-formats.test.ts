import { describe, expect, it } from 'vitest';
import { formatKoreanNumber, onFirstUse } from '../../../web/src/lib/intl-formats.js';

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
