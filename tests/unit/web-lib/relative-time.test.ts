import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../../web/src/lib/relative-time.js';

const now = new Date('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime', () => {
  it.each([
    [0, { value: 0, unit: 'seconds' }],
    [59 * SECOND + 999, { value: 59, unit: 'seconds' }],
    [MINUTE, { value: 1, unit: 'minutes' }],
    [59 * MINUTE + 59 * SECOND, { value: 59, unit: 'minutes' }],
    [HOUR, { value: 1, unit: 'hours' }],
    [23 * HOUR + 59 * MINUTE, { value: 23, unit: 'hours' }],
    [DAY, { value: 1, unit: 'days' }],
    [400 * DAY, { value: 400, unit: 'days' }],
  ])('shows %i ms ago as %j', (elapsed, expected) => {
    expect(relativeTime(ago(elapsed), now)).toEqual(expected);
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(relativeTime('2025-06-01T11:57:30Z', now)).toEqual({ value: 2, unit: 'minutes' });
    expect(relativeTime(now.getTime() - 3 * HOUR, now.getTime())).toEqual({ value: 3, unit: 'hours' });
  });

  it('clamps a time in the future to 0 seconds', () => {
    expect(relativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toEqual({ value: 0, unit: 'seconds' });
  });

  it('gives null for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBeNull();
  });
});
