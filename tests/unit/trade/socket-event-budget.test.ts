import { describe, expect, it } from 'vitest';
import { SOCKET_EVENT_LIMITS, TokenBucket, socketEventBudget } from '../../../server/realtime/event-budget.js';

describe('per-socket event budget (token bucket)', () => {
  it('allows the burst at once, then one event per refill interval', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 1, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    expect(bucket.retryAfterSeconds()).toBe(1);
    now = 500;
    expect(bucket.take()).toBe(false);
    now = 1000;
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
  });

  it('never saves up more than the burst, however long the socket was quiet', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 5, () => now);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, false]);
    now += 200;
    expect(bucket.take()).toBe(true);
  });

  it('keeps a bucket per event kind with the documented limits', () => {
    let now = 0;
    const budget = socketEventBudget(() => now);
    const taken = (kind: keyof typeof SOCKET_EVENT_LIMITS) => Array.from({ length: 30 }, () => budget[kind].take()).filter(Boolean).length;
    expect(taken('deal:join')).toBe(10);
    expect(taken('chat:typing')).toBe(5);
    expect(taken('posts:watch')).toBe(20);
    now = 2000;
    expect(taken('deal:join')).toBe(2);
    expect(taken('chat:typing')).toBe(2);
  });
});
