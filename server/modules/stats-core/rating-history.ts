import type { RatingHistoryData, RatingPoint } from '../../contracts/clans.js';
import type { StatsCore } from './stats-core.js';
import type { Database } from '../../db/client.js';
import { presentLeague } from './league-param.js';
import type { LeagueInfo } from './league-directory.js';
import { DEFAULT_RATING } from '../rating/elo.js';
import type { MatchResult } from '../rating/match-result.js';
import { ratingExtreme } from './record-figures.js';
import type { ShownClan } from './kept-match-pages.js';

/** Most points a rating history returns (a larger limit is clamped). */
export const RATING_HISTORY_MAX = 500;

/** Whose history: a clan's rated matches or a player's rated (non-dropout) rows, in one league. */
export interface RatingOwner {
  kind: 'clan' | 'player';
  ownerId: number;
  leagueId: number;
}

/** The kept figures a history starts from (clan_stats / player_stats); null before the first match. */
export interface RatingFigures {
  rating: number;
  matches: number;
  peakRating: number;
  peakAt: Date | null;
  lowestRating: number;
  lowestAt: Date | null;
}

interface PointSqlRow {
  external_id: string;
  started_at: Date;
  rating_before: number;
  rating_after: number;
  result: MatchResult;
  opponent_id: number;
}

/** The last `limit` rated matches, newest first, on the owner's (owner, league, started_at DESC) index. */
function readPoints(prisma: Database, owner: RatingOwner, limit: number): Promise<PointSqlRow[]> {
  if (owner.kind === 'clan') {
    return prisma.$queryRaw<PointSqlRow[]>`
      SELECT m.external_id, cm.started_at, cm.rating_before, cm.rating_after, cm.result::text AS result,
             cm.opponent_clan_id AS opponent_id
      FROM clan_matches cm JOIN matches m ON m.id = cm.match_id
      WHERE cm.clan_id = ${owner.ownerId} AND cm.league_id = ${owner.leagueId} AND cm.rating_after IS NOT NULL
      ORDER BY cm.started_at DESC, cm.match_id DESC LIMIT ${limit}`;
  }
  // A dropout row keeps the rating unchanged (not rated), so it is no point of the history.
  return prisma.$queryRaw<PointSqlRow[]>`
    SELECT m.external_id, mp.started_at, mp.rating_before, mp.rating_after, mp.result::text AS result,
           CASE WHEN mp.side = 'blue' THEN m.red_clan_id ELSE m.blue_clan_id END AS opponent_id
    FROM match_players mp JOIN matches m ON m.id = mp.match_id
    WHERE mp.player_id = ${owner.ownerId} AND mp.league_id = ${owner.leagueId} AND mp.rating_after IS NOT NULL
      AND NOT mp.dropout
    ORDER BY mp.started_at DESC, mp.match_id DESC LIMIT ${limit}`;
}

/** A rating history (beyond the spec): the last `limit` points oldest first, with peak and lowest and their dates. */
export async function loadRatingHistory(
  core: StatsCore,
  owner: RatingOwner,
  league: LeagueInfo,
  figures: RatingFigures | null,
  limit: number,
): Promise<RatingHistoryData> {
  const rows = figures ? await readPoints(core.prisma, owner, limit) : [];
  const opponents = await core.clans.byIds(rows.map((row) => row.opponent_id));
  const points: RatingPoint[] = rows.reverse().map((row) => ({
    matchId: row.external_id,
    at: row.started_at.toISOString(),
    rating: row.rating_after,
    before: row.rating_before,
    delta: row.rating_after - row.rating_before,
    result: row.result,
    opponentSlug: opponents.get(row.opponent_id)?.slug ?? '',
    opponentName: opponents.get(row.opponent_id)?.name ?? '',
  }));
  return {
    league: presentLeague(league),
    current: figures?.rating ?? DEFAULT_RATING,
    peak: figures ? ratingExtreme(figures.peakRating, figures.peakAt) : null,
    lowest: figures ? ratingExtreme(figures.lowestRating, figures.lowestAt) : null,
    total: figures?.matches ?? 0,
    points,
  };
}

/** The opponents a history names (slug '' for one the clan directory does not know yet), for keeping it. */
export function opponentsShown(history: RatingHistoryData): ShownClan[] {
  return history.points.map((point) => ({ slug: point.opponentSlug, name: point.opponentName }));
}
