import type { MatchResult } from './match-result.js';
import { DEFAULT_RATING } from './elo.js';

/** How many results the last-20 strip keeps (docs/product/ratings.md#last-20-results). */
export const RECENT_RESULTS_KEPT = 20;

const RESULT_LETTER: Record<MatchResult, string> = { win: 'W', lose: 'L', draw: 'D' };

/** A clan's or player's running figures in one league, as kept in clan_stats / player_stats. */
export interface RecordAggregate {
  rating: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  streak: number;
  /** Newest first, one letter (W, L, D) per match. */
  recentResults: string;
  peakRating: number;
  peakAt: Date | null;
  lowestRating: number;
  lowestAt: Date | null;
  lastMatchAt: Date | null;
}

/** A player's figures add their combat totals. */
export interface PlayerAggregate extends RecordAggregate {
  kills: number;
  deaths: number;
  assists: number;
  headshots: number;
  mvpCount: number;
}

/** Per opponent clan: the record against it. */
export interface OpponentAggregate {
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  lastMatchAt: Date | null;
}

/** A fresh record at the default rating. */
export function emptyRecord(): RecordAggregate {
  return {
    rating: DEFAULT_RATING,
    matches: 0,
    wins: 0,
    losses: 0,
    draws: 0,
    streak: 0,
    recentResults: '',
    peakRating: DEFAULT_RATING,
    peakAt: null,
    lowestRating: DEFAULT_RATING,
    lowestAt: null,
    lastMatchAt: null,
  };
}

export function emptyPlayerRecord(): PlayerAggregate {
  return { ...emptyRecord(), kills: 0, deaths: 0, assists: 0, headshots: 0, mvpCount: 0 };
}

export function emptyOpponentRecord(): OpponentAggregate {
  return { matches: 0, wins: 0, losses: 0, draws: 0, lastMatchAt: null };
}

/** Counts one result into a win/lose/draw tally. */
function tally(record: { wins: number; losses: number; draws: number; matches: number }, result: MatchResult): void {
  record.matches += 1;
  if (result === 'win') record.wins += 1;
  else if (result === 'lose') record.losses += 1;
  else record.draws += 1;
}

/**
 * Adds one rated match to a record: tally, streak (from the newest match: wins positive, losses negative, a draw
 * resets to 0), the last-20 letters, the new rating with its peak and lowest, and when it happened.
 */
export function addResult(record: RecordAggregate, result: MatchResult, ratingAfter: number, at: Date): void {
  tally(record, result);
  if (result === 'draw') record.streak = 0;
  else if (result === 'win') record.streak = record.streak > 0 ? record.streak + 1 : 1;
  else record.streak = record.streak < 0 ? record.streak - 1 : -1;
  record.recentResults = (RESULT_LETTER[result] + record.recentResults).slice(0, RECENT_RESULTS_KEPT);
  record.rating = ratingAfter;
  // Peak and lowest are over the ratings after each match (the first match sets both).
  if (record.peakAt === null || ratingAfter > record.peakRating) {
    record.peakRating = ratingAfter;
    record.peakAt = at;
  }
  if (record.lowestAt === null || ratingAfter < record.lowestRating) {
    record.lowestRating = ratingAfter;
    record.lowestAt = at;
  }
  record.lastMatchAt = at;
}

/** Adds one match against an opponent clan. */
export function addOpponentResult(record: OpponentAggregate, result: MatchResult, at: Date): void {
  tally(record, result);
  if (!record.lastMatchAt || at > record.lastMatchAt) record.lastMatchAt = at;
}
