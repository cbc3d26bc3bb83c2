import type { MatchRecord, PlayerMatchRow } from '../../contracts/ingest-record.js';
import { type MatchResult, resultForSide, type Side, type Winner } from './match-result.js';
import { PLACEMENT_MATCHES } from './record-stats.js';

/** Rating and clan score every clan and player starts from (docs/product/ratings.md#starting-rating). */
export const DEFAULT_RATING = 1000;

/**
 * K-factor during placement (fewer than PLACEMENT_MATCHES rated matches): a newcomer's 1000 says nothing about its
 * strength, so its first matches move it fast (FIDE uses 40 for new players too). A win between equals is +20.
 */
export const PLACEMENT_K = 40;

/**
 * K-factor after placement: an established rating moves half as fast, so one upset does not reshuffle the
 * standings. A win between equals is +10.
 */
export const REGULAR_K = 20;

/** A clan's or player's current rating and how many rated matches it has played. */
export interface RatedEntity {
  rating: number;
  matches: number;
}

/** Current ratings by clan slug or by playerId; entries missing start at DEFAULT_RATING with no matches. */
export type RatingTable = Map<string, RatedEntity>;

/** A rating before and after one match, stored on the match row. */
export interface RatingChange {
  before: number;
  after: number;
}

/** What rating a finished match needs. */
export interface RatableMatch extends Pick<MatchRecord, 'blueClanSlug' | 'redClanSlug'> {
  winner: Winner;
  players: readonly Pick<PlayerMatchRow, 'playerId' | 'side' | 'dropout'>[];
}

/** The rating changes of one match, keyed like the tables. */
export interface MatchRatingChanges {
  clans: Map<string, RatingChange>;
  players: Map<string, RatingChange>;
}

const ACTUAL_SCORE: Readonly<Record<MatchResult, number>> = { win: 1, draw: 0.5, lose: 0 };

/** Elo's expected score of a side rated `rating` against `opponentRating`: 1 / (1 + 10^((Rb - Ra) / 400)). */
export function expectedScore(rating: number, opponentRating: number): number {
  return 1 / (1 + 10 ** ((opponentRating - rating) / 400));
}

/** Elo's actual score of a result: win 1, draw 0.5, loss 0. */
export function actualScore(result: MatchResult): number {
  return ACTUAL_SCORE[result];
}

/** The K-factor for an entity with `ratedMatches` matches behind it: PLACEMENT_K in placement, REGULAR_K after. */
export function kFactor(ratedMatches: number): number {
  return ratedMatches < PLACEMENT_MATCHES ? PLACEMENT_K : REGULAR_K;
}

/**
 * The whole-point rating change K x (actual - expected). Ratings are stored as integers; halves round away from
 * zero, so the gain and loss of two sides with the same K always cancel out.
 */
export function ratingDelta(rating: number, opponentRating: number, result: MatchResult, ratedMatches: number): number {
  const exact = kFactor(ratedMatches) * (actualScore(result) - expectedScore(rating, opponentRating));
  return Math.sign(exact) * Math.round(Math.abs(exact)) + 0; // + 0 turns -0 into 0
}

/**
 * Rates one finished match and writes the new ratings into the tables (the running state of a rebuild in time
 * order); returns before/after for both clans and every player row. Clans are rated against each other; each
 * non-dropout player against the average pre-match rating of the opposing non-dropout players (the opposing
 * clan's rating when all of them dropped out). A dropout is not rated: its rating and match count stay as they
 * were (before = after), and it is left out of the opponents' average, since its row does not cover the match.
 */
export function applyMatch(clans: RatingTable, players: RatingTable, match: RatableMatch): MatchRatingChanges {
  const blueClan = entityOf(clans, match.blueClanSlug);
  const redClan = entityOf(clans, match.redClanSlug);
  const playing = match.players.filter((player) => !player.dropout);
  const opponentRating: Record<Side, number> = {
    blue: averageRating(players, playing, 'red') ?? redClan.rating,
    red: averageRating(players, playing, 'blue') ?? blueClan.rating,
  };

  // Every delta reads pre-match ratings, so all updates are computed before the tables change.
  const clanUpdates = new Map([
    [match.blueClanSlug, rated(blueClan, redClan.rating, resultForSide(match.winner, 'blue'))],
    [match.redClanSlug, rated(redClan, blueClan.rating, resultForSide(match.winner, 'red'))],
  ]);
  const playerUpdates = new Map(
    playing.map((player) => {
      const result = resultForSide(match.winner, player.side);
      return [player.playerId, rated(entityOf(players, player.playerId), opponentRating[player.side], result)];
    }),
  );
  const changes: MatchRatingChanges = {
    clans: changesOf(clans, [match.blueClanSlug, match.redClanSlug], clanUpdates),
    players: changesOf(players, match.players.map((player) => player.playerId), playerUpdates),
  };
  for (const [slug, entity] of clanUpdates) clans.set(slug, entity);
  for (const [playerId, entity] of playerUpdates) players.set(playerId, entity);
  return changes;
}

function entityOf(table: RatingTable, key: string): RatedEntity {
  return table.get(key) ?? { rating: DEFAULT_RATING, matches: 0 };
}

function rated(entity: RatedEntity, opponentRating: number, result: MatchResult): RatedEntity {
  const delta = ratingDelta(entity.rating, opponentRating, result, entity.matches);
  return { rating: entity.rating + delta, matches: entity.matches + 1 };
}

function averageRating(table: RatingTable, playing: RatableMatch['players'], side: Side): number | null {
  const ratings = playing
    .filter((player) => player.side === side)
    .map((player) => entityOf(table, player.playerId).rating);
  return ratings.length === 0 ? null : ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
}

function changesOf(
  table: RatingTable,
  keys: readonly string[],
  updates: Map<string, RatedEntity>,
): Map<string, RatingChange> {
  return new Map(
    keys.map((key) => {
      const before = entityOf(table, key).rating;
      return [key, { before, after: updates.get(key)?.rating ?? before }];
    }),
  );
}
