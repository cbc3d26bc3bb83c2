/**
 * Per-socket budgets for the events a client sends on the /trade namespace. `@fastify/rate-limit` guards the
 * REST calls only; without these, one socket could make the server run two queries per `deal:join` or relay
 * every `chat:typing` it sends, as fast as it sends them.
 */
export const SOCKET_EVENT_LIMITS = {
  /** Two policy queries each. A tab joins its open chat on each (re)connect, and retries with its 3 s poll. */
  'deal:join': { burst: 10, perSecond: 1 },
  /** The page sends `typing: true` at most every 2 s while typing, and one `false`: 5 in a row, then 1 a second. */
  'chat:typing': { burst: 5, perSecond: 1 },
  /** No query, but a room change; sent once per list or post page opened. (Leaving is never limited.) */
  'posts:watch': { burst: 20, perSecond: 5 },
} as const;

export type SocketEventKind = keyof typeof SOCKET_EVENT_LIMITS;

/**
 * A token bucket: up to `burst` events at once, then `perSecond` on average. `take()` spends a token when one is
 * left (true) and refuses otherwise (false); `retryAfterSeconds()` says how long until the next one.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  retryAfterSeconds(): number {
    this.refill();
    return Math.max(1, Math.ceil((1 - this.tokens) / this.perSecond));
  }
}

/** One bucket per kind of event, for one socket. */
export function socketEventBudget(now: () => number = Date.now): Record<SocketEventKind, TokenBucket> {
  const entries = Object.entries(SOCKET_EVENT_LIMITS).map(([kind, limit]) => [kind, new TokenBucket(limit.burst, limit.perSecond, now)]);
  return Object.fromEntries(entries) as Record<SocketEventKind, TokenBucket>;
}
