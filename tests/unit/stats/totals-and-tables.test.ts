import { describe, expect, it } from 'vitest';
import { formatSort, nextSort, parseSort, sortRows, type SortState } from '../../../web/src/lib/table-sort.js';
import { formatRatio } from '../../../web/src/ui/stats/format.js';
import { listPartsSum, listTotalLine } from '../../../web/src/ui/stats/list-totals.js';
import { ko } from '../../../web/src/i18n/ko.js';

/** The numbers a page prints from parts must add up, and what a page shows of a figure must not overstate it. */

describe('the line over a match list', () => {
  it('prints the loaded count, the total and the record that makes it up', () => {
    const counts = { win: 44, lose: 20, draw: 1, unknown: 0 };
    expect(listTotalLine(20, 65, counts)).toBe('20 / 65경기 · 44승 20패 1무');
    expect(listPartsSum(counts)).toBe(65);
  });

  it('names the matches still recording that a clan list counts and its record does not', () => {
    const counts = { win: 44, lose: 20, draw: 1, unknown: 3 };
    expect(listTotalLine(20, 68, counts)).toBe('20 / 68경기 · 44승 20패 1무 · 기록 중 3');
    expect(listPartsSum(counts)).toBe(68);
  });

  it('names the dropouts a player list shows and their record does not count', () => {
    const counts = { win: 59, lose: 6, draw: 1, unknown: 0, dropout: 2 };
    expect(listTotalLine(20, 68, counts)).toBe('20 / 68경기 · 59승 6패 1무 · 이탈 2');
    expect(listPartsSum(counts)).toBe(68);
    // The record part is the header's total: 66 matches, 59-6-1.
    expect(counts.win + counts.lose + counts.draw).toBe(66);
  });

  it('prints every part whose count is not zero, in the order the sum is made', () => {
    expect(listTotalLine(3, 10, { win: 2, lose: 2, draw: 2, unknown: 1, dropout: 3 })).toBe('3 / 10경기 · 2승 2패 2무 · 기록 중 1 · 이탈 3');
  });
});

describe('records shown with their draws', () => {
  it('prints wins, losses and draws, so a win rate that counts draws has them beside it', () => {
    expect(ko.stats.common.recordWithDraws(9, 2, 1)).toBe('9승 2패 1무');
  });
});

describe('figures coloured by a threshold are cut, never rounded up', () => {
  it.each([
    [9.99, 1, '9.9'],
    [10, 1, '10.0'],
    [2.3, 1, '2.3'],
    [8.53, 1, '8.5'],
    [1.2999, 2, '1.29'],
    [1.3, 2, '1.30'],
    [0, 1, '0.0'],
  ])('%f with %i digits reads %s', (value, digits, text) => {
    expect(formatRatio(value, digits)).toBe(text);
  });

  it('shows a missing figure as a dash', () => {
    expect(formatRatio(null)).toBe('-');
  });
});

describe('table sorting kept in the address', () => {
  const byRank: SortState = { column: 'rank', direction: 'asc' };
  const columns = ['rank', 'score', 'clan'];

  it('reads a sort parameter naming a known column, else keeps the table\'s own order', () => {
    expect(parseSort('score-desc', columns, byRank)).toEqual({ column: 'score', direction: 'desc' });
    expect(parseSort('clan-asc', columns, byRank)).toEqual({ column: 'clan', direction: 'asc' });
    for (const value of [null, '', 'score', 'secret-desc', 'score-sideways']) expect(parseSort(value, columns, byRank)).toEqual(byRank);
  });

  it('writes nothing for the table\'s own order, so its address stays clean', () => {
    expect(formatSort(byRank, byRank)).toBeNull();
    expect(formatSort({ column: 'score', direction: 'desc' }, byRank)).toBe('score-desc');
  });

  it('turns the sorted column around, and starts another with its own first direction', () => {
    expect(nextSort({ column: 'score', direction: 'desc' }, 'score', 'desc')).toEqual({ column: 'score', direction: 'asc' });
    expect(nextSort({ column: 'score', direction: 'asc' }, 'clan', 'asc')).toEqual({ column: 'clan', direction: 'asc' });
  });

  it('sorts numbers and Korean names, keeps ties in the served order and puts missing values last', () => {
    const rows = [
      { id: 'a', name: '하늘', rate: 50 },
      { id: 'b', name: '가람', rate: null },
      { id: 'c', name: '나무', rate: 70 },
      { id: 'd', name: '다리', rate: 50 },
    ];
    const rate = { value: (row: (typeof rows)[number]) => row.rate, firstDirection: 'desc' as const };
    const name = { value: (row: (typeof rows)[number]) => row.name, firstDirection: 'asc' as const };
    expect(sortRows(rows, { column: 'rate', direction: 'desc' }, rate).map((row) => row.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortRows(rows, { column: 'rate', direction: 'asc' }, rate).map((row) => row.id)).toEqual(['a', 'd', 'c', 'b']);
    expect(sortRows(rows, { column: 'name', direction: 'asc' }, name).map((row) => row.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(sortRows(rows, byRank, undefined).map((row) => row.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
