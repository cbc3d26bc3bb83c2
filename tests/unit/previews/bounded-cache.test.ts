import { describe, expect, it } from 'vitest';
import { boundedCache } from '../../../server/modules/previews/bounded-cache.js';

describe('bounded cache', () => {
  it('drops the entry used longest ago when it holds too many', () => {
    const cache = boundedCache<string>({ maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.size]).toEqual(['A', 'C', 2]);
  });

  it('keeps its total weight under the bound, replacing an entry\'s weight when it is set again', () => {
    const cache = boundedCache<Buffer>({ maxEntries: 10, maxWeight: 100, weigh: (value) => value.length });
    cache.set('a', Buffer.alloc(40));
    cache.set('b', Buffer.alloc(40));
    cache.set('a', Buffer.alloc(30));
    expect(cache.weight).toBe(70);
    cache.set('c', Buffer.alloc(50));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.weight).toBe(80);
    cache.clear();
    expect([cache.size, cache.weight]).toEqual([0, 0]);
  });
});
