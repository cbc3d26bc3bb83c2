import { describe, expect, it } from 'vitest';
import { formatKoreanUnits, koreanUnitParts } from '../../../web/src/lib/korean-units.js';

describe('koreanUnitParts', () => {
  it('splits 120,000,000 into 1 eok and 2,000 man', () => {
    expect(koreanUnitParts(120_000_000)).toEqual([
      { value: 1, unit: 'eok' },
      { value: 2000, unit: 'man' },
    ]);
  });

  it('keeps the part below 10,000 and leaves out empty groups', () => {
    expect(koreanUnitParts(100_000_500)).toEqual([
      { value: 1, unit: 'eok' },
      { value: 500, unit: 'one' },
    ]);
    expect(koreanUnitParts(9_999)).toEqual([{ value: 9999, unit: 'one' }]);
    expect(koreanUnitParts(0)).toEqual([]);
  });
});

describe('formatKoreanUnits', () => {
  it.each([
    [120_000_000, '1억 2,000만'],
    [100_000_000, '1억'],
    [10_000, '1만'],
    [12_345, '1만 2,345'],
    [100, '100'],
    [0, '0'],
    [1_234_567_890_000, '12,345억 6,789만'],
  ])('prints %i SP as %s', (amount, text) => {
    expect(formatKoreanUnits(amount)).toBe(text);
  });
});
