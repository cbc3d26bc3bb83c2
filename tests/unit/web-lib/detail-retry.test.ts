import { describe, expect, it } from 'vitest';
import { DETAIL_RETRY_ATTEMPTS, DETAIL_RETRY_STEP_MS, detailRetryDelayMs } from '../../../web/src/lib/detail-retry.js';

describe('detailRetryDelayMs (2 s x attempt, up to 5 attempts)', () => {
  it('waits 2 s times the attempt number', () => {
    expect([1, 2, 3, 4, 5].map(detailRetryDelayMs)).toEqual([2000, 4000, 6000, 8000, 10000]);
  });

  it('stops after the fifth attempt', () => {
    expect(detailRetryDelayMs(6)).toBe(false);
    expect(detailRetryDelayMs(50)).toBe(false);
  });

  it('has nothing to wait for before a first answer', () => {
    expect(detailRetryDelayMs(0)).toBe(false);
  });

  it('keeps the spec constants', () => {
    expect(DETAIL_RETRY_ATTEMPTS).toBe(5);
    expect(DETAIL_RETRY_STEP_MS).toBe(2000);
  });
});
