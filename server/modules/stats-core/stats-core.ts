import type { Database } from '../../db/client.js';
import { clanDirectory, type ClanDirectory } from './clan-directory.js';
import { loadClanStandings, type StandingsSnapshots } from './clan-standings.js';
import { LeagueDirectory } from './league-directory.js';
import { SnapshotHub } from './league-snapshots.js';
import { loadRankSnapshot, type RankSnapshots } from './rank-snapshot.js';

/**
 * What every statistics read shares, built once per app in buildApp (never module state): the database, the
 * league divisions, and the whole-league figures kept in memory (docs/caching.md). Every snapshot is dropped by
 * `forget()`, which the app calls on each change of league data it hears; a new kind of snapshot made through
 * the same hub is dropped with them.
 */
export interface StatsCore {
  prisma: Database;
  leagues: LeagueDirectory;
  clans: ClanDirectory;
  /** Each league's standings order (clan ranks). */
  standings: StandingsSnapshots;
  /** Each league's personal ranking order (player ranks, deep ranking pages). */
  rankOrder: RankSnapshots;
  /** Drops every snapshot (league data changed). */
  forget(): void;
}

export function createStatsCore(prisma: Database): StatsCore {
  const hub = new SnapshotHub(prisma);
  return {
    prisma,
    leagues: new LeagueDirectory(prisma),
    clans: clanDirectory(hub),
    standings: hub.kind(loadClanStandings),
    rankOrder: hub.kind(loadRankSnapshot),
    forget: () => hub.invalidate(),
  };
}
