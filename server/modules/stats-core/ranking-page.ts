import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { PLAYER_CLAN_COLUMNS, playerClanOf, type PlayerClanSqlRow } from './player-clan-row.js';
import type { PlayerRecordCounts } from './record-figures.js';

/** A position in the ranking order (rating desc, player id, league id): the keyset bound of a page. */
export interface RankKey {
  rating: number;
  playerId: number;
  leagueId: number;
}

/** One player's figures in one league's pool, with the player's current clan. */
export interface RankedPlayerRow extends PlayerRecordCounts {
  leagueId: number;
  playerId: number;
  enlistmentNo: string;
  nickname: string;
  clan: { slug: string; name: string; markBg: string | null; markFront: string | null } | null;
  rating: number;
  mvpCount: number;
}

interface RankSqlRow extends PlayerRecordCounts, PlayerClanSqlRow {
  league_id: number;
  player_id: number;
  rating: number;
  mvp_count: number;
}

const STAT_COLUMNS = Prisma.sql`league_id, player_id, rating, matches, wins, losses, draws, kills, deaths, mvp_count`;

/**
 * The rows of one league after `after`, as index range scans on (league_id, rating desc, player_id): the rest of
 * the bound's rating, then every lower rating. Each part reads at most `limit` entries, whatever the depth.
 */
function leaguePart(leagueId: number, after: RankKey | null, limit: number): Prisma.Sql {
  if (!after) {
    return Prisma.sql`(SELECT ${STAT_COLUMNS} FROM player_stats WHERE league_id = ${leagueId} AND matches > 0
      ORDER BY rating DESC, player_id LIMIT ${limit})`;
  }
  // A player ranked in two pooled leagues at the same rating comes once per league, the lower league id first.
  const idBound = leagueId > after.leagueId ? Prisma.sql`player_id >= ${after.playerId}` : Prisma.sql`player_id > ${after.playerId}`;
  return Prisma.sql`(SELECT ${STAT_COLUMNS} FROM player_stats
      WHERE league_id = ${leagueId} AND rating = ${after.rating} AND ${idBound} AND matches > 0
      ORDER BY player_id LIMIT ${limit})
    UNION ALL
    (SELECT ${STAT_COLUMNS} FROM player_stats WHERE league_id = ${leagueId} AND rating < ${after.rating} AND matches > 0
      ORDER BY rating DESC, player_id LIMIT ${limit})`;
}

/**
 * Up to `limit` ranked players of the given leagues' pools (one league, or several shown as one table) after
 * `after` (null: from the top), in ranking order. Players without a rated match are not ranked.
 */
export async function loadRankingPage(
  prisma: Database,
  leagueIds: readonly number[],
  after: RankKey | null,
  limit: number,
): Promise<RankedPlayerRow[]> {
  const parts = Prisma.join(leagueIds.map((leagueId) => leaguePart(leagueId, after, limit)), ' UNION ALL ');
  const rows = await prisma.$queryRaw<RankSqlRow[]>`
    SELECT k.*, ${PLAYER_CLAN_COLUMNS}
    FROM (SELECT * FROM (${parts}) AS candidates ORDER BY rating DESC, player_id, league_id LIMIT ${limit}) AS k
    JOIN players p ON p.id = k.player_id
    LEFT JOIN clans c ON c.id = p.clan_id
    ORDER BY k.rating DESC, k.player_id, k.league_id`;
  return rows.map((row) => ({
    leagueId: row.league_id,
    playerId: row.player_id,
    enlistmentNo: row.enlistment_no,
    nickname: row.nickname,
    clan: playerClanOf(row),
    rating: row.rating,
    matches: row.matches,
    wins: row.wins,
    losses: row.losses,
    draws: row.draws,
    kills: row.kills,
    deaths: row.deaths,
    mvpCount: row.mvp_count,
  }));
}
