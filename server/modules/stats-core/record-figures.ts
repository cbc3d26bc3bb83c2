import type { MatchResultValue, OpponentRecord, RatingExtreme, StreakInfo } from '../../contracts/clans.js';
import type { ClanIdentity } from './clan-directory.js';
import { presentClan } from './clan-directory.js';
import { oneDecimal } from '../../lib/numbers.js';
import { kdPercent, winRate, winRateOneDecimal } from '../rating/record-stats.js';
import { streakLevel } from '@shared/rules/streak.js';

/**
 * Presenters of the figures ingest keeps ready in clan_stats / player_stats and the opponent tables, shared by
 * the clan and player calls.
 */

const RESULT_OF_LETTER: Record<string, MatchResultValue> = { W: 'win', L: 'lose', D: 'draw' };

/** The stored last-20 letters (newest first) as results. */
export function recentResultsOf(letters: string): MatchResultValue[] {
  return [...letters].flatMap((letter) => {
    const result = RESULT_OF_LETTER[letter];
    return result ? [result] : [];
  });
}

/** Count, record and win rate of the recent results (the last-20 strip). */
export function presentRecentSummary(results: readonly MatchResultValue[]) {
  const win = results.filter((result) => result === 'win').length;
  const lose = results.filter((result) => result === 'lose').length;
  const draw = results.length - win - lose;
  return { count: results.length, win, lose, draw, win_rate: oneDecimal(winRate(win, draw, results.length)) };
}

/** The stored signed streak with its banner label (docs/product/ratings.md#streak-labels). */
export function presentStreak(value: number): StreakInfo {
  return {
    value,
    count: Math.abs(value),
    kind: value > 0 ? 'win' : value < 0 ? 'lose' : null,
    label: streakLevel(value),
  };
}

/** A peak or lowest rating; null until the first rated match set it. */
export function ratingExtreme(rating: number, at: Date | null): RatingExtreme | null {
  return at ? { rating, at: at.toISOString() } : null;
}

/** The result counts a statistics row holds (clan_stats, player_stats, opponent tables, and sums of them). */
export interface ResultCounts {
  matches: number;
  wins: number;
  losses: number;
  draws: number;
}

/** A player's result counts with their kills and deaths. */
export interface PlayerRecordCounts extends ResultCounts {
  kills: number;
  deaths: number;
}

/** A player's record as the tables show it: W-L-D, win rate (a draw counts half), kills, deaths and K/D. */
export function presentPlayerRecord(row: PlayerRecordCounts) {
  return {
    matches: row.matches,
    win: row.wins,
    lose: row.losses,
    draw: row.draws,
    win_rate: oneDecimal(winRate(row.wins, row.draws, row.matches)),
    kill: row.kills,
    death: row.deaths,
    kd_rate: oneDecimal(kdPercent(row.kills, row.deaths)),
  };
}

/** A record against one opponent clan (opponent tables), draws counting half in the win rate. */
export interface OpponentFigures extends ResultCounts {
  lastMatchAt: Date | null;
}

export function presentOpponent(clan: ClanIdentity, figures: OpponentFigures): OpponentRecord {
  return {
    clan: presentClan(clan),
    clanSlug: clan.slug,
    clanName: clan.name,
    total: figures.matches,
    win: figures.wins,
    lose: figures.losses,
    draw: figures.draws,
    win_rate: winRateOneDecimal(figures.wins, figures.draws, figures.matches),
    lastMatchAt: figures.lastMatchAt?.toISOString() ?? null,
  };
}
