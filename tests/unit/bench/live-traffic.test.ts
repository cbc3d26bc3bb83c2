import { describe, expect, it } from 'vitest';
import { ARRIVAL_GAP_MS, PAGE_MIX, createTraffic, zipfWeights, type PageVisit, type ReaderPopulation } from '../../../bench/lib/live-traffic.js';

const population: ReaderPopulation = {
  clans: Array.from({ length: 500 }, (_, index) => ({ league: index % 2 ? 'supply-1' : 'sal-beginner', slug: `clan-${index}` })),
  players: Array.from({ length: 5000 }, (_, index) => `${100000 + index}`),
  rankingPages: 30,
};

function draw(count: number, seed = 'test'): PageVisit[] {
  const traffic = createTraffic(population, seed);
  return Array.from({ length: count }, () => traffic.nextVisit());
}

describe('zipfWeights', () => {
  it('weighs the k-th rank 1/k of the first', () => {
    const cumulative = zipfWeights(4);
    const weights = [...cumulative].map((total, index) => total - (cumulative[index - 1] ?? 0));
    [1, 1 / 2, 1 / 3, 1 / 4].forEach((weight, index) => expect(weights[index]).toBeCloseTo(weight, 12));
  });
});

describe('createTraffic', () => {
  it('opens the kinds of page in the shares of the mix', () => {
    const visits = draw(20_000);
    const total = PAGE_MIX.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [kind, weight] of PAGE_MIX) {
      const share = visits.filter((visit) => visit.kind === kind).length / visits.length;
      expect(share).toBeCloseTo(weight / total, 1);
    }
  });

  it('visits the most active clans and players most, and reaches deep into the tail', () => {
    const players = draw(40_000).flatMap((visit) => (visit.kind === 'player' ? [visit.playerId] : []));
    const visits = new Map<string, number>();
    for (const id of players) visits.set(id, (visits.get(id) ?? 0) + 1);
    const visitsOf = (playerId: string) => visits.get(playerId) ?? 0;
    // Zipf with exponent 1 over 5,000 players: the first gets 1/H(5000), about 11%, the tenth a tenth of that.
    expect(visitsOf(population.players[0]!) / players.length).toBeGreaterThan(0.09);
    expect(visitsOf(population.players[0]!)).toBeGreaterThan(5 * visitsOf(population.players[9]!));
    // About 10,000 player pages reach over a third of the 5,000 players, most of them once.
    expect(visits.size).toBeGreaterThan(population.players.length / 3);
    expect([...visits.values()].filter((count) => count === 1).length).toBeGreaterThan(visits.size / 2);
  });

  it('reads mostly the first ranking page, each later page half as often, within the pages there are', () => {
    const pages = draw(20_000).flatMap((visit) => (visit.kind === 'ranking' ? [visit.page] : []));
    const count = (page: number) => pages.filter((value) => value === page).length;
    expect(count(1) / pages.length).toBeCloseTo(0.5, 1);
    expect(count(2) / count(1)).toBeCloseTo(0.5, 1);
    expect(Math.max(...pages)).toBeLessThanOrEqual(population.rankingPages);
  });

  it('opens the same pages from the same seed', () => {
    expect(draw(200, 'same')).toEqual(draw(200, 'same'));
    expect(draw(200, 'same')).not.toEqual(draw(200, 'other'));
  });

  it('spaces a reader\'s pages 1-3 s apart and spreads first arrivals over one gap', () => {
    const traffic = createTraffic(population, 'gaps');
    const gaps = Array.from({ length: 5000 }, () => traffic.nextGapMs());
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(ARRIVAL_GAP_MS[0]);
    expect(Math.max(...gaps)).toBeLessThan(ARRIVAL_GAP_MS[1]);
    expect(gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length).toBeCloseTo(2000, -2);
    const firsts = Array.from({ length: 5000 }, () => traffic.firstArrivalMs());
    expect(Math.min(...firsts)).toBeLessThan(100);
    expect(Math.max(...firsts)).toBeGreaterThan(2900);
  });
});
