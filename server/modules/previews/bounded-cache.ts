/**
 * A least-recently-used store with two bounds: a number of entries and a total weight (bytes, for images). The
 * entry used longest ago goes first when either is passed.
 */
export interface BoundedCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  clear(): void;
  /** Drops every entry whose value passes `test`. */
  removeWhere(test: (value: V) => boolean): void;
  readonly size: number;
  readonly weight: number;
}

export function boundedCache<V>(bounds: { maxEntries: number; maxWeight?: number; weigh?: (value: V) => number }): BoundedCache<V> {
  const entries = new Map<string, V>();
  const weigh = bounds.weigh ?? (() => 0);
  let weight = 0;
  const remove = (key: string) => {
    const value = entries.get(key);
    if (value === undefined) return;
    entries.delete(key);
    weight -= weigh(value);
  };
  return {
    get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, value) {
      remove(key);
      entries.set(key, value);
      weight += weigh(value);
      while (entries.size > bounds.maxEntries || (bounds.maxWeight !== undefined && weight > bounds.maxWeight && entries.size > 1)) {
        remove(entries.keys().next().value as string);
      }
    },
    clear() {
      entries.clear();
      weight = 0;
    },
    removeWhere(test) {
      for (const [key, value] of entries) if (test(value)) remove(key);
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return weight;
    },
  };
}
