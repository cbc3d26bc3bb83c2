import { describe, expect, it } from 'vitest';
import { compareStandings, type StandingsOrderFields } from '../../../server/modules/rating/standings-sort.js';

function names(rows: StandingsOrderFields[]): string[] {
  return [...rows].sort(compareStandings).map((row) => row.clanName);
}

describe('compareStandings', () => {
  it('puts clans with matches before clans without, even with a higher score', () => {
    expect(
      names([
        { clanName: 'idle', score: 1300, totalMatches: 0 },
        { clanName: 'active', score: 900, totalMatches: 3 },
      ]),
    ).toEqual(['active', 'idle']);
  });

  it('orders by score descending, then by total matches descending', () => {
    expect(
      names([
        { clanName: 'c', score: 1000, totalMatches: 10 },
        { clanName: 'a', score: 1100, totalMatches: 5 },
        { clanName: 'b', score: 1000, totalMatches: 30 },
      ]),
    ).toEqual(['a', 'b', 'c']);
  });

  it('orders ties by name in Korean order', () => {
    expect(
      names([
        { clanName: '하늘', score: 1000, totalMatches: 4 },
        { clanName: '가람', score: 1000, totalMatches: 4 },
        { clanName: '나래', score: 1000, totalMatches: 4 },
      ]),
    ).toEqual(['가람', '나래', '하늘']);
  });

  it('orders clans without matches among themselves by the same rules', () => {
    expect(
      names([
        { clanName: '다', score: 1000, totalMatches: 0 },
        { clanName: '가', score: 1000, totalMatches: 0 },
        { clanName: '나', score: 1200, totalMatches: 0 },
      ]),
    ).toEqual(['나', '가', '다']);
  });
});
