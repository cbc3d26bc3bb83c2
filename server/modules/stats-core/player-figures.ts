import type { PlayerRecentSummary } from '../../contracts/players.js';
import type { Database } from '../../db/client.js';
import type { PlayerAggregate } from '../rating/record-aggregate.js';
import { KEPT_RECORD_COLUMNS } from './kept-record-columns.js';
import { oneDecimal } from '../../lib/numbers.js';
import type { MatchResult } from '../rating/match-result.js';
import { kdPercent, winRate } from '../rating/record-stats.js';

/** A player's figures in one league as ingest keeps them (player_stats). */
export type PlayerFigures = PlayerAggregate;

/** The player's kept figures in a league (primary key); null before the first rated match there. */
export async function loadPlayerFigures(prisma: Database, playerId: number, leagueId: number): Promise<PlayerFigures | null> {
  const rows = await prisma.$queryRaw<PlayerFigures[]>`
    SELECT ${KEPT_RECORD_COLUMNS}, kills, deaths, assists, headshots, mvp_count AS "mvpCount"
    FROM player_stats WHERE player_id = ${playerId} AND league_id = ${leagueId}`;
  return rows[0] ?? null;
}

/** Rated matches the summary cards read (the last 20: docs/product/ratings.md#last-20-results). */
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
