import { describe, expect, it } from 'vitest';
import { isRetryableStatus, parseRetryAfter, retryDelayMs } from '../../../server/modules/game-api/retry-policy.js';

const policy = { baseMs: 250, maxDelayMs: 10_000 };

describe('retry policy', () => {
  it('retries 429 and 5xx only', () => {
    expect([429, 500, 502, 503, 504].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 409, 422].some(isRetryableStatus)).toBe(false);
  });

  it('reads Retry-After in whole seconds only', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('1.5')).toBeNull();
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')).toBeNull();
  });

  it('doubles the backoff per retry with up to 50% jitter, capped', () => {
    expect([0, 1, 2, 3].map((retry) => retryDelayMs(retry, null, policy, () => 0))).toEqual([250, 500, 1000, 2000]);
    expect([0, 1, 2, 3].map((retry) => retryDelayMs(retry, null, policy, () => 1))).toEqual([375, 750, 1500, 3000]);
    expect(retryDelayMs(10, null, policy, () => 0.5)).toBe(10_000);
  });

  it('prefers Retry-After to the backoff, within the cap', () => {
    expect(retryDelayMs(3, 1000, policy, () => 1)).toBe(1000);
    expect(retryDelayMs(0, 3_600_000, policy)).toBe(10_000);
  });
});
