import { describe, expect, it } from 'vitest';
import { resultForSide } from '../../../server/modules/rating/match-result.js';
import { deriveMatchResult, parseResultText, parseScore } from '../../../web/src/lib/match-result.js';

describe('parseResultText', () => {
  it.each([
    ['win', 'win'],
    ['Victory', 'win'],
    ['승', 'win'],
    ['승리', 'win'],
    ['lose', 'lose'],
    ['LOSS', 'lose'],
    ['defeat', 'lose'],
    ['패', 'lose'],
    ['패배', 'lose'],
    ['draw', 'draw'],
    ['무', 'draw'],
    [' 무승부 ', 'draw'],
  ])('reads %j as %s', (text, expected) => {
    expect(parseResultText(text)).toBe(expected);
  });

  it('reads nothing from other words, partial words or non-text', () => {
    expect(parseResultText('recording')).toBeNull();
    expect(parseResultText('winner')).toBeNull();
    expect(parseResultText('')).toBeNull();
    expect(parseResultText(1)).toBeNull();
    expect(parseResultText(undefined)).toBeNull();
  });
});

describe('parseScore', () => {
  it('strips every non-digit', () => {
    expect(parseScore('13')).toBe(13);
    expect(parseScore('13점')).toBe(13);
    expect(parseScore(' 1,200 ')).toBe(1200);
    expect(parseScore('-7')).toBe(7);
    expect(parseScore(4)).toBe(4);
  });

  it('gives null when no digit is left or the value is not text', () => {
    expect(parseScore('')).toBeNull();
    expect(parseScore('점수 없음')).toBeNull();
    expect(parseScore(null)).toBeNull();
    expect(parseScore({})).toBeNull();
  });
});

describe('resultForSide', () => {
  it('reads the winner from each side', () => {
    expect(resultForSide('blue', 'blue')).toBe('win');
    expect(resultForSide('blue', 'red')).toBe('lose');
    expect(resultForSide('red', 'red')).toBe('win');
    expect(resultForSide('draw', 'blue')).toBe('draw');
  });
});

describe('deriveMatchResult', () => {
  const blueWonDetail = { matchResultDataInfo: { blue_result: 'win', red_result: 'lose' } };

  it('takes the explicit result text first', () => {
    const item = { result: '패배', win: 'W', myTeam: 'blue', detailData: blueWonDetail, scores: [13, 2] };
    expect(deriveMatchResult(item)).toBe('lose');
  });

  it('falls back to the win/draw/loss field: words, W/D/L letters and a true flag', () => {
    expect(deriveMatchResult({ result: 'recording', win: 'draw' })).toBe('draw');
    expect(deriveMatchResult({ win: 'L' })).toBe('lose');
    expect(deriveMatchResult({ win: 'w' })).toBe('win');
    expect(deriveMatchResult({ win: 'D' })).toBe('draw');
    expect(deriveMatchResult({ win: true })).toBe('win');
  });

  it('does not read a false win flag as a loss, since it may be a draw', () => {
    expect(deriveMatchResult({ win: false })).toBe('draw');
    expect(deriveMatchResult({ win: false, myTeam: 'red', scores: ['13', '7'] })).toBe('lose');
  });

  it("then reads the own side's result in the detail data", () => {
    expect(deriveMatchResult({ myTeam: 'blue', detailData: blueWonDetail })).toBe('win');
    expect(deriveMatchResult({ myTeam: 'RED', detailData: blueWonDetail })).toBe('lose');
    expect(deriveMatchResult({ myIsBlue: true, detailData: blueWonDetail })).toBe('win');
    expect(deriveMatchResult({ blue_team: false, detailData: blueWonDetail })).toBe('lose');
  });

  it("reads the opposite of the other side's result when the own side's is missing", () => {
    const blueOnly = (blueResult: string) => ({
      myTeam: 'red',
      detailData: { matchResultDataInfo: { blue_result: blueResult } },
    });
    expect(deriveMatchResult(blueOnly('lose'))).toBe('win');
    expect(deriveMatchResult(blueOnly('무'))).toBe('draw');
  });

  it('then compares the score pair [blue, red] from the own side', () => {
    expect(deriveMatchResult({ myTeam: 'blue', scores: ['13점', '7점'] })).toBe('win');
    expect(deriveMatchResult({ myTeam: 'red', scores: [13, 7] })).toBe('lose');
    expect(deriveMatchResult({ myIsBlue: false, match: { scores: [5, 9] } })).toBe('win');
    expect(deriveMatchResult({ myTeam: 'blue', scores: [6, 6] })).toBe('draw');
  });

  it('skips detail data and scores that cannot decide and defaults to draw', () => {
    expect(deriveMatchResult({})).toBe('draw');
    expect(deriveMatchResult({ detailData: blueWonDetail, scores: [13, 7] })).toBe('draw');
    const noInfo = { myTeam: 'blue', detailData: { matchResultDataInfo: null }, scores: [13, 7] };
    expect(deriveMatchResult(noInfo)).toBe('win');
    expect(deriveMatchResult({ myTeam: 'blue', scores: [13] })).toBe('draw');
    expect(deriveMatchResult({ myTeam: 'blue', scores: 'thirteen to seven' })).toBe('draw');
  });
});
