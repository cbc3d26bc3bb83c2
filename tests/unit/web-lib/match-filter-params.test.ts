import { describe, expect, it } from 'vitest';
import {
  activeFilterCount, filterQueryEntries, readMatchFilter, writeMatchFilter,
} from '../../../web/src/features/match-filters/match-filter-params.js';

describe('a match list filter kept in the address', () => {
  it('reads each field from its own parameter, leaving out values the list would refuse by their shape', () => {
    const params = new URLSearchParams('map=제3보급창고&result=win&opponent=golden-knights&from=2026-11-01&to=2026-11-20&sort=x');
    expect(readMatchFilter(params)).toEqual({
      map: '제3보급창고', result: 'win', opponent: 'golden-knights', from: '2026-11-01', to: '2026-11-20',
    });
    expect(readMatchFilter(new URLSearchParams('result=won&from=11/01/2026&map='))).toEqual({});
  });

  it('writes the filter in and keeps the rest of the page\'s state (league, sorts, an open match)', () => {
    const params = new URLSearchParams('league=supply-1&mapSort=winRate-desc&match=m1&result=lose');
    const written = writeMatchFilter(params, { map: '프로방스' });
    expect(written.toString()).toBe(new URLSearchParams('league=supply-1&mapSort=winRate-desc&match=m1&map=프로방스').toString());
    expect(writeMatchFilter(written, {}).has('map')).toBe(false);
  });

  it('counts the active fields and sends them in one stable order (part of the query key)', () => {
    const filter = { to: '2026-11-20', map: '프로방스', result: 'draw' as const };
    expect(activeFilterCount(filter)).toBe(3);
    expect(filterQueryEntries(filter)).toEqual([['map', '프로방스'], ['result', 'draw'], ['to', '2026-11-20']]);
    expect(activeFilterCount({})).toBe(0);
  });
});
