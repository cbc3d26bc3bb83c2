/** How long the client waits between attempts. */
export interface BackoffPolicy {
  /** Delay before the first retry; doubles with each further retry. */
  baseMs: number;
  /** No wait is longer than this, whatever the backoff or the upstream's Retry-After says. */
  maxDelayMs: number;
}

/** Whether an HTTP status is worth another attempt: rate limited (429) or a server-side failure (5xx). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A Retry-After header given in whole seconds, as milliseconds; null when absent or not in seconds. */
export function parseRetryAfter(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  return Number(header) * 1000;
}

/**
 * The wait before retry number `retry` (0 for the first): the upstream's Retry-After when it gave one, else
 * exponential backoff plus up to 50% random jitter (so clients that failed together do not retry together).
 */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | null,
  policy: BackoffPolicy,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, policy.maxDelayMs);
  const exponential = policy.baseMs * 2 ** retry;
  return Math.min(Math.round(exponential * (1 + random() / 2)), policy.maxDelayMs);
}
