import type { OpponentRecord } from '../../contracts/clans.js';
import type { StatsCore } from './stats-core.js';
import type { Database } from '../../db/client.js';
import { Prisma } from '../../db/generated/client.js';
import { presentOpponent } from './record-figures.js';

/** Opponent clans shown on clan and player pages (5, sorted by total games: docs/product/clans.md#top-opponents). */
export const TOP_OPPONENTS = 5;

/** Whose opponent records: a clan's (clan_opponent_stats) or a player's (player_opponent_stats), in one league. */
export interface OpponentOwner {
  table: 'clan_opponent_stats' | 'player_opponent_stats';
  ownerId: number;
  leagueId: number;
}

interface OpponentSqlRow {
  opponent_clan_id: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  last_match_at: Date | null;
}

/**
 * The most-played opponent clans, most games first (the latest met first on equal games), read on the table's
 * primary key (owner, league, opponent).
 */
export async function loadTopOpponents(core: StatsCore, owner: OpponentOwner, limit = TOP_OPPONENTS): Promise<OpponentRecord[]> {
  const table = Prisma.raw(owner.table);
  const ownerColumn = Prisma.raw(owner.table === 'clan_opponent_stats' ? 'clan_id' : 'player_id');
  const rows = await core.prisma.$queryRaw<OpponentSqlRow[]>`
    SELECT opponent_clan_id, matches, wins, losses, draws, last_match_at FROM ${table}
    WHERE ${ownerColumn} = ${owner.ownerId} AND league_id = ${owner.leagueId}
    ORDER BY matches DESC, last_match_at DESC NULLS LAST, opponent_clan_id LIMIT ${limit}`;
  const clans = await core.clans.byIds(rows.map((row) => row.opponent_clan_id));
  return rows.flatMap((row) => {
    const clan = clans.get(row.opponent_clan_id);
    if (!clan) return [];
    return [presentOpponent(clan, {
      matches: row.matches, wins: row.wins, losses: row.losses, draws: row.draws, lastMatchAt: row.last_match_at,
    })];
  });
}
