import { describe, expect, it } from 'vitest';
import {
  averageKills,
  displayDamage,
  kdPercent,
  killShare,
  PLACEMENT_MATCHES,
  placementState,
  rankTopPercent,
  winRate,
  winRateOneDecimal,
  winRateRounded,
} from '../../../server/modules/rating/record-stats.js';

describe('winRate', () => {
  it('counts a draw as half a win', () => {
    expect(winRate(5, 2, 10)).toBe(60); // (5 + 1) / 10
    expect(winRate(0, 4, 4)).toBe(50);
    expect(winRate(10, 0, 10)).toBe(100);
  });

  it('is null with no matches', () => {
    expect(winRate(0, 0, 0)).toBeNull();
    expect(winRateOneDecimal(0, 0, 0)).toBeNull();
    expect(winRateRounded(0, 0, 0)).toBeNull();
  });

  it('shows one decimal for opponent records and a whole percent on the player page', () => {
    // (1 + 0.5) / 3 = 50%; (2 + 0.5) / 3 = 83.333%; (1 + 0) / 3 = 33.333%; (1 + 0.5) / 8 = 18.75%
    expect(winRateOneDecimal(2, 1, 3)).toBe(83.3);
    expect(winRateOneDecimal(1, 0, 3)).toBe(33.3);
    expect(winRateOneDecimal(1, 1, 8)).toBe(18.8);
    expect(winRateRounded(2, 1, 3)).toBe(83);
    expect(winRateRounded(1, 1, 8)).toBe(19);
    expect(winRateRounded(1, 1, 3)).toBe(50);
  });
});

describe('killShare', () => {
  it("is the player's kills over the team's kills in percent", () => {
    expect(killShare(12, 40)).toBe(30);
    expect(killShare(0, 40)).toBe(0);
  });

  it('is null when the team has no kills', () => {
    expect(killShare(0, 0)).toBeNull();
  });
});

describe('kdPercent', () => {
  it('is kills over kills plus deaths in percent', () => {
    expect(kdPercent(30, 20)).toBe(60);
    expect(kdPercent(10, 0)).toBe(100);
    expect(kdPercent(0, 5)).toBe(0);
  });

  it('is null with neither kills nor deaths', () => {
    expect(kdPercent(0, 0)).toBeNull();
  });
});

describe('averageKills', () => {
  it('is kills per match, null before any match', () => {
    expect(averageKills(45, 4)).toBe(11.25);
    expect(averageKills(0, 0)).toBeNull();
  });
});

describe('displayDamage', () => {
  it('shows a corrected 0 as unknown', () => {
    expect(displayDamage({ damage: 0, corrected: true })).toBeNull();
  });

  it('shows every other value as it is', () => {
    expect(displayDamage({ damage: 0, corrected: false })).toBe(0);
    expect(displayDamage({ damage: 1520, corrected: true })).toBe(1520);
  });
});

describe('placementState', () => {
  it('is Placement from 1 to 19 matches and regular from 20', () => {
    expect(PLACEMENT_MATCHES).toBe(20);
    expect(placementState(0)).toBeNull();
    expect(placementState(1)).toBe('Placement');
    expect(placementState(19)).toBe('Placement');
    expect(placementState(20)).toBe('regular');
    expect(placementState(150)).toBe('regular');
  });
});

describe('rankTopPercent', () => {
  it('is rank over total in percent', () => {
    expect(rankTopPercent(1, 100)).toBe(1);
    expect(rankTopPercent(3, 200)).toBe(1.5);
    expect(rankTopPercent(50, 50)).toBe(100);
  });

  it('is null when nobody is ranked', () => {
    expect(rankTopPercent(0, 0)).toBeNull();
  });
});
