import type { PlayerRecentSummary } from '../../contracts/players.js';
import type { Database } from '../../db/client.js';
import { oneDecimal } from '../league/figures.js';
import type { MatchResult } from '../rating/match-result.js';
import { kdPercent, winRate } from '../rating/record-stats.js';

/** A player's figures in one league as ingest keeps them (player_stats). */
export interface PlayerFigures {
  rating: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  kills: number;
  deaths: number;
  assists: number;
  headshots: number;
  mvpCount: number;
  streak: number;
  recentResults: string;
  peakRating: number;
  peakAt: Date | null;
  lowestRating: number;
  lowestAt: Date | null;
  lastMatchAt: Date | null;
}

interface PlayerStatSqlRow {
  rating: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  kills: number;
  deaths: number;
  assists: number;
  headshots: number;
  mvp_count: number;
  streak: number;
  recent_results: string;
  peak_rating: number;
  peak_at: Date | null;
  lowest_rating: number;
  lowest_at: Date | null;
  last_match_at: Date | null;
}

/** The player's kept figures in a league (primary key); null before the first rated match there. */
export async function loadPlayerFigures(prisma: Database, playerId: number, leagueId: number): Promise<PlayerFigures | null> {
  const rows = await prisma.$queryRaw<PlayerStatSqlRow[]>`
    SELECT rating, matches, wins, losses, draws, kills, deaths, assists, headshots, mvp_count, streak, recent_results,
           peak_rating, peak_at, lowest_rating, lowest_at, last_match_at
    FROM player_stats WHERE player_id = ${playerId} AND league_id = ${leagueId}`;
  const row = rows[0];
  if (!row) return null;
  return {
    rating: row.rating, matches: row.matches, wins: row.wins, losses: row.losses, draws: row.draws, kills: row.kills,
    deaths: row.deaths, assists: row.assists, headshots: row.headshots, mvpCount: row.mvp_count, streak: row.streak,
    recentResults: row.recent_results, peakRating: row.peak_rating, peakAt: row.peak_at, lowestRating: row.lowest_rating,
    lowestAt: row.lowest_at, lastMatchAt: row.last_match_at,
  };
}

/** Rated matches the summary cards read (spec §9: the last 20). */
const RECENT_MATCHES = 20;

/** One counted row of the player's recent record. */
export interface RecentRatedRow {
  result: MatchResult;
  kill: number;
  death: number;
  is_mvp: boolean;
}

/**
 * The player's last 20 rated rows in the league, newest first, read on the (player, league, started_at DESC)
 * index. Dropout rows do not count, as in every record, so these are the matches of the kept last-20 results.
 */
export function loadRecentRatedRows(prisma: Database, playerId: number, leagueId: number): Promise<RecentRatedRow[]> {
  return prisma.$queryRaw<RecentRatedRow[]>`
    SELECT result::text AS result, kill, death, is_mvp FROM match_players
    WHERE player_id = ${playerId} AND league_id = ${leagueId} AND result IS NOT NULL AND NOT dropout
    ORDER BY started_at DESC, match_id DESC LIMIT ${RECENT_MATCHES}`;
}

/** The player's last 20 rated matches in the league summed up (win rate, K/D, MVPs of the summary cards). */
export async function loadPlayerRecentSummary(prisma: Database, playerId: number, leagueId: number): Promise<PlayerRecentSummary> {
  const rows = await loadRecentRatedRows(prisma, playerId, leagueId);
  const count = (result: MatchResult) => rows.filter((row) => row.result === result).length;
  const win = count('win');
  const draw = count('draw');
  const kill = rows.reduce((sum, row) => sum + row.kill, 0);
  const death = rows.reduce((sum, row) => sum + row.death, 0);
  return {
    count: rows.length,
    win,
    lose: count('lose'),
    draw,
    win_rate: oneDecimal(winRate(win, draw, rows.length)),
    kill,
    death,
    kd_rate: oneDecimal(kdPercent(kill, death)),
    mvp: rows.filter((row) => row.is_mvp).length,
  };
}
