import { describe, expect, it } from 'vitest';
import { apportion } from '../../../server/modules/ingest/simulated/apportion.js';
import { cumulativeWeights, Random } from '../../../server/modules/ingest/simulated/random.js';

function draws(seed: string, count: number): number[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => random.next());
}

describe('Random', () => {
  it('repeats the same sequence for the same seed and differs for another seed', () => {
    expect(draws('alpha', 50)).toEqual(draws('alpha', 50));
    expect(draws('alpha', 50)).not.toEqual(draws('alpha2', 50));
  });

  it('stays within the asked ranges', () => {
    const random = new Random('ranges');
    const floats = Array.from({ length: 5000 }, () => random.next());
    const wholes = Array.from({ length: 5000 }, () => random.int(3, 7));
    const normals = Array.from({ length: 5000 }, () => random.normal(10, 2));
    expect(floats.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(wholes.every((value) => Number.isInteger(value) && value >= 3 && value <= 7)).toBe(true);
    expect(normals.every((value) => value >= 4 && value <= 16)).toBe(true);
  });

  it('reaches every integer of a range and every item of a list', () => {
    const random = new Random('cover');
    const seen = new Set<number>();
    const picked = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      seen.add(random.int(1, 6));
      picked.add(random.pick(['a', 'b', 'c']));
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(picked.size).toBe(3);
  });

  it('draws weighted indexes in proportion to the weights and never a zero weight', () => {
    const random = new Random('weights');
    const counts = [0, 0, 0];
    const cumulative = cumulativeWeights([1, 0, 3]);
    for (let i = 0; i < 20_000; i += 1) counts[random.weightedIndex(cumulative)]! += 1;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.7);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.3);
  });

  it('has a chance close to the asked probability', () => {
    const random = new Random('chance');
    let hits = 0;
    for (let i = 0; i < 20_000; i += 1) if (random.chance(0.25)) hits += 1;
    expect(hits / 20_000).toBeCloseTo(0.25, 1);
  });
});

describe('apportion', () => {
  it('gives shares that add up exactly and follow the weights', () => {
    const random = new Random('apportion');
    for (const total of [0, 1, 7, 53, 1000]) {
      const shares = apportion(total, [1, 2, 3, 0.5], random);
      expect(shares.reduce((sum, share) => sum + share, 0)).toBe(total);
    }
    const shares = apportion(600, [1, 2, 3], random);
    expect(shares).toEqual([100, 200, 300]);
  });

  it('gives nothing when every weight is zero', () => {
    expect(apportion(10, [0, 0], new Random('zero'))).toEqual([0, 0]);
  });
});
