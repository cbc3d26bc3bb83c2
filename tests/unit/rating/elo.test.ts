import { describe, expect, it } from 'vitest';
import {
  actualScore,
  applyMatch,
  DEFAULT_RATING,
  expectedScore,
  kFactor,
  PLACEMENT_K,
  type RatableMatch,
  ratingDelta,
  type RatingTable,
  REGULAR_K,
} from '../../../server/modules/rating/elo.js';

function clanMatch(winner: RatableMatch['winner'], players: RatableMatch['players'] = []): RatableMatch {
  return { blueClanSlug: 'alpha', redClanSlug: 'bravo', winner, players };
}

describe('expectedScore', () => {
  it('is one half between equal ratings', () => {
    expect(expectedScore(1000, 1000)).toBe(0.5);
  });

  it('follows 1 / (1 + 10^((Rb - Ra) / 400)): 400 points apart is 10 to 1', () => {
    expect(expectedScore(1400, 1000)).toBeCloseTo(10 / 11, 10);
    expect(expectedScore(1000, 1400)).toBeCloseTo(1 / 11, 10);
  });

  it('gives two opponents expectations that add up to 1', () => {
    expect(expectedScore(1234, 987) + expectedScore(987, 1234)).toBeCloseTo(1, 12);
  });
});

describe('actualScore', () => {
  it('scores a win 1, a draw 0.5 and a loss 0', () => {
    expect(actualScore('win')).toBe(1);
    expect(actualScore('draw')).toBe(0.5);
    expect(actualScore('lose')).toBe(0);
  });
});

describe('kFactor', () => {
  it('uses the placement K for the first 19 rated matches and the regular K from the 20th on', () => {
    expect(PLACEMENT_K).toBe(40);
    expect(REGULAR_K).toBe(20);
    expect(kFactor(0)).toBe(PLACEMENT_K);
    expect(kFactor(19)).toBe(PLACEMENT_K);
    expect(kFactor(20)).toBe(REGULAR_K);
    expect(kFactor(500)).toBe(REGULAR_K);
  });
});

describe('ratingDelta', () => {
  it('moves equal ratings by K/2 on a win or loss and not at all on a draw', () => {
    expect(ratingDelta(1000, 1000, 'win', 0)).toBe(20);
    expect(ratingDelta(1000, 1000, 'lose', 0)).toBe(-20);
    expect(ratingDelta(1000, 1000, 'win', 20)).toBe(10);
    expect(ratingDelta(1000, 1000, 'draw', 20)).toBe(0);
  });

  it('rewards an upset more than an expected win (1000 vs 1200, K 20)', () => {
    // E(1000 vs 1200) = 1 / (1 + 10^0.5) = 0.2403
    // upset win: 20 x (1 - 0.2403) = 15.19 -> 15; expected win: 20 x (1 - 0.7597) = 4.81 -> 5
    expect(ratingDelta(1000, 1200, 'win', 20)).toBe(15);
    expect(ratingDelta(1200, 1000, 'win', 20)).toBe(5);
    expect(ratingDelta(1200, 1000, 'lose', 20)).toBe(-15);
  });

  it('gives two sides with the same K changes that cancel out, and never returns -0', () => {
    // 1000 vs 1000 + 400 x log10(3) = 1190.85: E = 0.25, so a draw gives 20 x 0.25 = +5 and -5
    const rb = 1000 + 400 * Math.log10(3);
    expect(ratingDelta(1000, rb, 'draw', 20)).toBe(5);
    expect(ratingDelta(rb, 1000, 'draw', 20)).toBe(-5);
    for (let opponent = 700; opponent <= 1700; opponent += 13) {
      for (const result of ['win', 'draw', 'lose'] as const) {
        const inverse = result === 'win' ? 'lose' : result === 'lose' ? 'win' : 'draw';
        expect(ratingDelta(1000, opponent, result, 5) + ratingDelta(opponent, 1000, inverse, 5)).toBe(0);
      }
    }
    expect(Object.is(ratingDelta(1000, 1001, 'draw', 20), 0)).toBe(true);
  });
});

describe('applyMatch', () => {
  it('moves two new 1000 clans by K/2 = 20 on a win and counts the match', () => {
    const clans: RatingTable = new Map();
    const changes = applyMatch(clans, new Map(), clanMatch('blue'));
    expect(changes.clans.get('alpha')).toEqual({ before: DEFAULT_RATING, after: 1020 });
    expect(changes.clans.get('bravo')).toEqual({ before: DEFAULT_RATING, after: 980 });
    expect(clans.get('alpha')).toEqual({ rating: 1020, matches: 1 });
    expect(clans.get('bravo')).toEqual({ rating: 980, matches: 1 });
  });

  it('moves two established 1000 clans by K/2 = 10 on a win', () => {
    const clans: RatingTable = new Map([
      ['alpha', { rating: 1000, matches: 20 }],
      ['bravo', { rating: 1000, matches: 35 }],
    ]);
    const changes = applyMatch(clans, new Map(), clanMatch('red'));
    expect(changes.clans.get('alpha')).toEqual({ before: 1000, after: 990 });
    expect(changes.clans.get('bravo')).toEqual({ before: 1000, after: 1010 });
  });

  it('leaves equal clans where they are on a draw but still counts the match', () => {
    const clans: RatingTable = new Map();
    applyMatch(clans, new Map(), clanMatch('draw'));
    expect(clans.get('alpha')).toEqual({ rating: 1000, matches: 1 });
    expect(clans.get('bravo')).toEqual({ rating: 1000, matches: 1 });
  });

  it('rates each player against the opposing non-dropouts average and leaves dropouts unrated', () => {
    const players: RatingTable = new Map([
      ['10001', { rating: 1000, matches: 0 }],
      ['10002', { rating: 1100, matches: 25 }],
      ['20001', { rating: 900, matches: 0 }],
      ['20002', { rating: 1000, matches: 25 }],
      ['20003', { rating: 2000, matches: 30 }],
    ]);
    const match = clanMatch('blue', [
      { playerId: '10001', side: 'blue', dropout: false },
      { playerId: '10002', side: 'blue', dropout: false },
      { playerId: '20001', side: 'red', dropout: false },
      { playerId: '20002', side: 'red', dropout: false },
      { playerId: '20003', side: 'red', dropout: true },
    ]);
    const changes = applyMatch(new Map(), players, match);
    // Blue faces (900 + 1000) / 2 = 950 (the 2000 dropout is left out); red faces (1000 + 1100) / 2 = 1050.
    // 10001, K 40: E(1000 vs 950) = 0.5715 -> 40 x 0.4285 = 17.14 -> +17
    expect(changes.players.get('10001')).toEqual({ before: 1000, after: 1017 });
    // 10002, K 20: E(1100 vs 950) = 0.7034 -> 20 x 0.2966 = 5.93 -> +6
    expect(changes.players.get('10002')).toEqual({ before: 1100, after: 1106 });
    // 20001, K 40: E(900 vs 1050) = 0.2966 -> 40 x -0.2966 = -11.86 -> -12
    expect(changes.players.get('20001')).toEqual({ before: 900, after: 888 });
    // 20002, K 20: E(1000 vs 1050) = 0.4285 -> 20 x -0.4285 = -8.57 -> -9
    expect(changes.players.get('20002')).toEqual({ before: 1000, after: 991 });
    expect(changes.players.get('20003')).toEqual({ before: 2000, after: 2000 });
    expect(players.get('20003')).toEqual({ rating: 2000, matches: 30 });
    expect(players.get('10002')).toEqual({ rating: 1106, matches: 26 });
  });

  it('starts players missing from the table at 1000 and reports a dropout without adding it', () => {
    const players: RatingTable = new Map();
    const changes = applyMatch(
      new Map(),
      players,
      clanMatch('red', [
        { playerId: '10001', side: 'blue', dropout: false },
        { playerId: '10002', side: 'blue', dropout: true },
        { playerId: '20001', side: 'red', dropout: false },
      ]),
    );
    expect(changes.players.get('10001')).toEqual({ before: 1000, after: 980 });
    expect(changes.players.get('10002')).toEqual({ before: 1000, after: 1000 });
    expect(changes.players.get('20001')).toEqual({ before: 1000, after: 1020 });
    expect(players.has('10002')).toBe(false);
  });

  it("rates players against the opposing clan's rating when every opponent dropped out", () => {
    const clans: RatingTable = new Map([['bravo', { rating: 1200, matches: 40 }]]);
    const changes = applyMatch(
      clans,
      new Map(),
      clanMatch('blue', [
        { playerId: '10001', side: 'blue', dropout: false },
        { playerId: '20001', side: 'red', dropout: true },
      ]),
    );
    // K 40: E(1000 vs 1200) = 0.2403 -> 40 x 0.7597 = 30.39 -> +30
    expect(changes.players.get('10001')).toEqual({ before: 1000, after: 1030 });
  });

  it('computes every change from pre-match ratings, whatever the row order', () => {
    const rows: RatableMatch['players'] = [
      { playerId: '10001', side: 'blue', dropout: false },
      { playerId: '20001', side: 'red', dropout: false },
    ];
    const forward = applyMatch(new Map(), new Map(), clanMatch('blue', rows));
    const backward = applyMatch(new Map(), new Map(), clanMatch('blue', [...rows].reverse()));
    expect(forward.players.get('10001')).toEqual({ before: 1000, after: 1020 });
    expect(forward.players.get('20001')).toEqual({ before: 1000, after: 980 });
    expect(backward.players.get('10001')).toEqual(forward.players.get('10001'));
    expect(backward.players.get('20001')).toEqual(forward.players.get('20001'));
  });
});
