import { describe, expect, it } from 'vitest';
import {
  averageKillsColour,
  clanTableWinRateColour,
  type ColourToken,
  generalRateColour,
  killShareColour,
  leagueListWinRateColour,
  mobileKdRatioColour,
  playerKdColour,
  rankBadgeColour,
  rankingKdColour,
  rankingWinRateColour,
  sellerTrustColour,
  standingsScoreColour,
  standingsWinRateColour,
  tradeStatusColour,
} from '../../../web/src/lib/colour-bands.js';

type Case = [number, ColourToken];

describe('clanTableWinRateColour', () => {
  it.each<Case>([
    [100, 'blue'],
    [60, 'blue'],
    [59.9, 'orange'],
    [55, 'orange'],
    [54.9, 'neutral'],
    [50, 'neutral'],
    [49.9, 'red'],
    [0, 'red'],
  ])('colours %d%% %s', (rate, colour) => {
    expect(clanTableWinRateColour(rate)).toBe(colour);
  });
});

describe('playerKdColour', () => {
  it.each<Case>([
    [60, 'blue'],
    [59.9, 'green'],
    [50, 'green'],
    [49.9, 'red'],
    [0, 'red'],
  ])('colours %d%% %s', (kd, colour) => {
    expect(playerKdColour(kd)).toBe(colour);
  });
});

describe('leagueListWinRateColour', () => {
  it.each<Case>([
    [60, 'blue'],
    [59.9, 'orange'],
    [50, 'orange'],
    [49.9, 'white'],
    [45, 'white'],
    [44.9, 'lightRed'],
    [0.1, 'lightRed'],
    [0, 'neutral'],
  ])('colours %d%% %s', (rate, colour) => {
    expect(leagueListWinRateColour(rate)).toBe(colour);
  });
});

describe('standingsScoreColour', () => {
  it.each<Case>([
    [1250, 'green'],
    [1100, 'green'],
    [1099, 'neutral'],
    [1000, 'neutral'],
    [999, 'orange'],
  ])('colours a score of %d %s', (score, colour) => {
    expect(standingsScoreColour(score)).toBe(colour);
  });
});

describe('standingsWinRateColour', () => {
  it.each<Case>([
    [70, 'green'],
    [69.9, 'yellow'],
    [50, 'yellow'],
    [49.9, 'red'],
  ])('colours %d%% %s', (rate, colour) => {
    expect(standingsWinRateColour(rate)).toBe(colour);
  });
});

describe('ranking colours', () => {
  it.each<Case>([
    [60, 'blue'],
    [59.9, 'neutral'],
  ])('colours a ranking win rate of %d%% %s', (rate, colour) => {
    expect(rankingWinRateColour(rate)).toBe(colour);
  });

  it.each<Case>([
    [60, 'blue'],
    [59.9, 'green'],
    [50, 'green'],
    [49.9, 'neutral'],
  ])('colours a ranking K/D of %d%% %s', (kd, colour) => {
    expect(rankingKdColour(kd)).toBe(colour);
  });
});

describe('generalRateColour', () => {
  it.each<Case>([
    [0, 'neutral'],
    [9.9, 'neutral'],
    [10, 'red'],
    [39.9, 'red'],
    [40, 'neutral'],
    [49.9, 'neutral'],
    [50, 'green'],
    [55, 'green'],
    [55.1, 'orange'],
    [59.9, 'orange'],
    [59.95, 'orange'],
    [60, 'blue'],
    [65, 'blue'],
    [65.1, 'red'],
    [100, 'red'],
  ])('colours %d%% %s', (rate, colour) => {
    expect(generalRateColour(rate)).toBe(colour);
  });
});

describe('killShareColour', () => {
  it.each<Case>([
    [5, 'neutral'],
    [10, 'red'],
    [39.9, 'red'],
    [40, 'red'],
    [40.1, 'neutral'],
    [45, 'neutral'],
    [50, 'green'],
    [55, 'green'],
    [57, 'orange'],
    [60, 'blue'],
    [65, 'blue'],
    [65.1, 'red'],
  ])('colours a %d%% kill share %s', (share, colour) => {
    expect(killShareColour(share)).toBe(colour);
  });
});

describe('mobileKdRatioColour', () => {
  it.each<Case>([
    [2, 'yellow'],
    [1.3, 'yellow'],
    [1.29, 'green'],
    [1, 'green'],
    [0.99, 'neutral'],
  ])('colours a K/D of %d %s', (ratio, colour) => {
    expect(mobileKdRatioColour(ratio)).toBe(colour);
  });
});

describe('averageKillsColour', () => {
  it.each<Case>([
    [10, 'yellow'],
    [14.2, 'yellow'],
    [9.9, 'neutral'],
  ])('colours %d kills per match %s', (kills, colour) => {
    expect(averageKillsColour(kills)).toBe(colour);
  });
});

describe('rankBadgeColour', () => {
  it.each<Case>([
    [0.5, 'gold'],
    [1, 'gold'],
    [1.01, 'orangePink'],
    [3, 'orangePink'],
    [3.1, 'purple'],
    [10, 'purple'],
    [10.1, 'muted'],
    [100, 'muted'],
  ])('colours the top %d%% %s', (topPercent, colour) => {
    expect(rankBadgeColour(topPercent)).toBe(colour);
  });
});

describe('sellerTrustColour', () => {
  it.each<Case>([
    [100, 'amberPulse'],
    [95, 'amberPulse'],
    [94.9, 'yellow'],
    [80, 'yellow'],
    [79.9, 'blue'],
    [60, 'blue'],
    [59.9, 'grey'],
    [0, 'grey'],
  ])('colours %d%% trust %s', (trust, colour) => {
    expect(sellerTrustColour(trust)).toBe(colour);
  });
});

describe('tradeStatusColour', () => {
  it('colours waiting green, in progress yellow and completed grey', () => {
    expect(tradeStatusColour('waiting')).toBe('green');
    expect(tradeStatusColour('in_progress')).toBe('yellow');
    expect(tradeStatusColour('completed')).toBe('grey');
  });
});
