import { describe, expect, it } from 'vitest';
import { type MvpCandidateRow, mvpScore, pickMvp } from '../../../server/modules/rating/mvp.js';

function row(overrides: Partial<MvpCandidateRow> & Pick<MvpCandidateRow, 'playerId'>): MvpCandidateRow {
  const noStats = { kill: 0, death: 0, assist: 0, damagePercent: 0, headshotPercent: 0 };
  return { side: 'blue', dropout: false, ...noStats, ...overrides };
}

describe('mvpScore', () => {
  it('computes (K + A) / max(D, 1) x 1.5 + 1.2 x damage% + 0.3 x headshot%', () => {
    // (10 + 2) / 4 x 1.5 = 4.5; 1.2 x 30 = 36; 0.3 x 40 = 12; total 52.5
    expect(mvpScore({ kill: 10, death: 4, assist: 2, damagePercent: 30, headshotPercent: 40 })).toBeCloseTo(52.5, 10);
  });

  it('divides by 1 when the player never died', () => {
    // (8 + 4) / max(0, 1) x 1.5 = 18; 1.2 x 25 = 30; 0.3 x 50 = 15; total 63
    expect(mvpScore({ kill: 8, death: 0, assist: 4, damagePercent: 25, headshotPercent: 50 })).toBeCloseTo(63, 10);
  });
});

describe('pickMvp', () => {
  const a = row({ playerId: '10001', kill: 10, death: 4, assist: 2, damagePercent: 30, headshotPercent: 40 }); // 52.5
  const b = row({ playerId: '10002', kill: 8, death: 0, assist: 4, damagePercent: 25, headshotPercent: 50 }); // 63
  const redStar = row({ playerId: '20001', side: 'red', kill: 30, damagePercent: 60, headshotPercent: 80 }); // 141

  it('picks the best score on the winning team only', () => {
    expect(pickMvp([a, b, redStar], 'blue')).toBe('10002');
    expect(pickMvp([a, b, redStar], 'red')).toBe('20001');
  });

  it('gives no MVP on a draw', () => {
    expect(pickMvp([a, b, redStar], 'draw')).toBeNull();
  });

  it('skips dropouts on the winning team', () => {
    expect(pickMvp([a, { ...b, dropout: true }, redStar], 'blue')).toBe('10001');
  });

  it('gives no MVP when every winner dropped out', () => {
    expect(pickMvp([{ ...a, dropout: true }, redStar], 'blue')).toBeNull();
  });

  it('breaks an equal score by more kills, then by the smaller playerId, whatever the row order', () => {
    // Both score 15 x 1.5 = 22.5 + 1.2 x 10 = 34.5 (+ 0 headshots): 10 kills + 5 assists vs 5 kills + 10 assists
    const killer = row({ playerId: '10009', kill: 10, assist: 5, death: 1, damagePercent: 10 });
    const helper = row({ playerId: '10003', kill: 5, assist: 10, death: 1, damagePercent: 10 });
    expect(mvpScore(killer)).toBe(mvpScore(helper));
    expect(pickMvp([helper, killer], 'blue')).toBe('10009');
    expect(pickMvp([killer, helper], 'blue')).toBe('10009');
    const twin = { ...killer, playerId: '10004' };
    expect(pickMvp([killer, twin], 'blue')).toBe('10004');
    expect(pickMvp([twin, killer], 'blue')).toBe('10004');
  });
});
