import type { Random } from './random.js';

/** Splits `total` whole units by `weights` into shares that add up exactly (kills over a team, matches over days). */
export function apportion(total: number, weights: readonly number[], random: Random): number[] {
  const count = weights.length;
  let weightSum = 0;
  for (let i = 0; i < count; i += 1) weightSum += weights[i] as number;
  const shares: number[] = [];
  let given = 0;
  for (let i = 0; i < count; i += 1) {
    const share = weightSum > 0 && total > 0 ? Math.floor((total * (weights[i] as number)) / weightSum) : 0;
    shares.push(share);
    given += share;
  }
  for (; weightSum > 0 && given < total; given += 1) {
    let target = random.next() * weightSum;
    let index = 0;
    while (index < count - 1 && target >= (weights[index] as number)) {
      target -= weights[index] as number;
      index += 1;
    }
    shares[index] = (shares[index] as number) + 1;
  }
  return shares;
}
