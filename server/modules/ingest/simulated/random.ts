/**
 * A small, fast, seeded pseudo-random source (sfc32 seeded through the cyrb128 string hash), so the simulated
 * league is reproducible from a seed string. Not for anything security related.
 */
export class Random {
  /** The four 32-bit words of sfc32; a typed array keeps them unboxed, twice as fast as number fields. */
  private readonly state = new Int32Array(4);

  constructor(seed: string) {
    this.state.set(hashSeed(seed));
    for (let i = 0; i < 12; i += 1) this.next();
  }

  /** A float in [0, 1): the primitive every other helper builds on. */
  next(): number {
    const s = this.state;
    const a = s[0] as number;
    const b = s[1] as number;
    const c = s[2] as number;
    const d = s[3] as number;
    const t = (((a + b) | 0) + d) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    s[3] = (d + 1) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** An index drawn in proportion to weights given as a running total (see `cumulativeWeights`). */
  weightedIndex(cumulative: ArrayLike<number>): number {
    const target = this.next() * (cumulative[cumulative.length - 1] ?? 0);
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((cumulative[middle] ?? 0) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** A roughly normal value (sum of three uniforms): cheap, bounded to mean ± 3 sd, good enough for skills. */
  normal(mean: number, sd: number): number {
    return mean + (this.next() + this.next() + this.next() - 1.5) * 2 * sd;
  }
}

/** Running totals of weights, the form `Random.weightedIndex` draws from. */
export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    cumulative[index] = total;
  });
  return cumulative;
}

/** cyrb128: four 32-bit words from a string, so every seed string gives a distinct, well-mixed PRNG state. */
function hashSeed(seed: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i += 1) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044813);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044813);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
