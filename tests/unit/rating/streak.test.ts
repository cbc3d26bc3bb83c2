import { describe, expect, it } from 'vitest';
import { streakLevel } from '@shared/rules/streak.js';
import { currentStreak } from '../../../server/modules/rating/streak.js';

describe('currentStreak', () => {
  it('counts consecutive wins from the newest match as a positive number', () => {
    expect(currentStreak(['win', 'win', 'win', 'lose', 'win'])).toBe(3);
  });

  it('counts consecutive losses as a negative number', () => {
    expect(currentStreak(['lose', 'lose', 'win', 'lose'])).toBe(-2);
  });

  it('is 0 when the latest match is a draw, and a draw ends a run', () => {
    expect(currentStreak(['draw', 'win', 'win'])).toBe(0);
    expect(currentStreak(['win', 'draw', 'win', 'win'])).toBe(1);
  });

  it('counts the whole list when every result is the same, and 0 with no matches', () => {
    expect(currentStreak(Array.from({ length: 12 }, () => 'win' as const))).toBe(12);
    expect(currentStreak([])).toBe(0);
  });
});

describe('streakLevel', () => {
  it.each([
    [2, null],
    [3, 'rising'],
    [4, 'rising'],
    [5, 'onFire'],
    [9, 'onFire'],
    [10, 'legendary'],
    [25, 'legendary'],
    [0, null],
    [-2, null],
    [-3, 'declining'],
    [-4, 'declining'],
    [-5, 'holdYourMind'],
    [-9, 'holdYourMind'],
    [-10, 'gg'],
    [-15, 'gg'],
  ])('labels a streak of %i as %s', (streak, level) => {
    expect(streakLevel(streak)).toBe(level);
  });
});
