import type { Database } from '../../db/client.js';
import type { StatsCore } from './stats-core.js';
import type { RecordAggregate } from '../rating/record-aggregate.js';
import { KEPT_RECORD_COLUMNS } from './kept-record-columns.js';
import type { LeagueInfo } from './league-directory.js';
import type { ClanIdentity } from './clan-directory.js';

/** A clan's figures in one league as ingest keeps them (clan_stats). */
export interface ClanFigures extends RecordAggregate {
  updatedAt: Date;
}

/** The clan's kept figures in a league (primary key); null before its first match there. */
export async function loadClanFigures(prisma: Database, clanId: number, leagueId: number): Promise<ClanFigures | null> {
  const rows = await prisma.$queryRaw<ClanFigures[]>`
    SELECT ${KEPT_RECORD_COLUMNS}, updated_at AS "updatedAt"
    FROM clan_stats WHERE clan_id = ${clanId} AND league_id = ${leagueId}`;
  return rows[0] ?? null;
}

/** Whether ingest is working on the clan and when it last did (ingest_states). */
export async function loadIngestState(prisma: Database, clanId: number): Promise<{ running: boolean; updatedAt: Date | null }> {
  const rows = await prisma.$queryRaw<{ running: boolean; updated_at: Date }[]>`
    SELECT running, updated_at FROM ingest_states WHERE clan_id = ${clanId}`;
  return { running: rows[0]?.running ?? false, updatedAt: rows[0]?.updated_at ?? null };
}

/**
 * The clan's place in the league's standings (the order the league tables use, docs/product/leagues.md#standings-order:
 * clans with matches first, score desc, total matches desc, name) and how many clans the standings hold (the clans
 * playing in the league now). Rank is null for a clan without a match in the league or no longer playing in it. Read
 * from the league's standings kept in memory, so no request counts clans.
 */
export async function loadClanRank(core: StatsCore, clan: Pick<ClanIdentity, 'id'>, league: Pick<LeagueInfo, 'id'>): Promise<{ rank: number | null; total: number }> {
  const standings = await core.standings.get(league.id);
  return { rank: standings.rankOf.get(clan.id) ?? null, total: standings.total };
}
