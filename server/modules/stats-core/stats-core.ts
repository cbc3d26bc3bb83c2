import type { Database } from '../../db/client.js';
import type { LeagueDataChange } from '../ingest/ingest-api.js';
import { createAnswerKeeps, type AnswerKeeps } from './answer-keeps.js';
import { clanDirectory, type ClanDirectory } from './clan-directory.js';
import { loadClanStandings, type StandingsSnapshots } from './clan-standings.js';
import { LeagueDirectory } from './league-directory.js';
import { SnapshotHub, type SnapshotPacing } from './league-snapshots.js';
import { loadRankSnapshot, type RankSnapshots } from './rank-snapshot.js';

/**
 * What every statistics read shares, built once per app in buildApp (never module state): the database, the
 * league divisions, and the whole-league figures kept in memory (docs/caching.md). `forget(change)`, which the
 * app calls on each change of league data it hears, drops the snapshots of the leagues it touched (every snapshot,
 * the clan directory too, for a change of everything); a new kind of snapshot made through the same hub is
 * dropped with them.
 */
export interface StatsCore {
  prisma: Database;
  leagues: LeagueDirectory;
  clans: ClanDirectory;
  /** Each league's standings order (clan ranks). */
  standings: StandingsSnapshots;
  /** Each league's personal ranking order (player ranks, deep ranking pages). */
  rankOrder: RankSnapshots;
  /** The keeps of computed answers, run after the answers leave (answer-keeps.ts). */
  keeps: AnswerKeeps;
  /** Drops the snapshots a change of league data touched. */
  forget(change: LeagueDataChange): void;
  /**
   * Starts building a league's snapshots aside for a background refresh (SnapshotHub.prepare); undefined for a
   * league the directory does not know (yet: nothing of it is kept then).
   */
  prepare(leagueSlug: string): PreparedStatsCore | undefined;
  /**
   * With the league refreshes in the background: `refresh` is asked for a league whose kept snapshot is out of date
   * (a change not heard), which is served meanwhile; it answers whether it took it.
   */
  refreshStaleInBackground(refresh: (leagueSlug: string) => boolean): void;
}

/** A league's refresh being built aside: `core` reads its new snapshots, every other read the kept ones. */
export interface PreparedStatsCore {
  core: StatsCore;
  /** Resolves once every snapshot built aside is ready (rejects when one failed). */
  settled(): Promise<void>;
  /** Puts the new snapshots in place, right after the league's change was heard (PreparedLeague.install). */
  install(): void;
}

/** How a statistics core runs: its league refreshes' pacing, and where a keep that failed is reported. */
export interface StatsCoreOptions {
  pacing?: SnapshotPacing;
  keepFailed: (error: unknown) => void;
}

export function createStatsCore(prisma: Database, { pacing = {}, keepFailed }: StatsCoreOptions): StatsCore {
  const hub = new SnapshotHub(prisma, pacing);
  const leagues = new LeagueDirectory(prisma);
  const standings = hub.kind(loadClanStandings);
  const rankOrder = hub.kind(loadRankSnapshot);
  const core: StatsCore = {
    prisma,
    leagues,
    clans: clanDirectory(hub),
    standings,
    rankOrder,
    keeps: createAnswerKeeps(keepFailed),
    forget(change) {
      // The leagues are read once and never change; before that read no league's snapshot exists to drop.
      const ids = change.everything ? undefined : leagues.idsOf(change.leagues);
      hub.invalidate(ids);
    },
    prepare(leagueSlug) {
      const [id] = leagues.idsOf([leagueSlug]);
      if (id === undefined) return undefined;
      const prepared = hub.prepare(id);
      return {
        core: { ...core, standings: prepared.aside(standings), rankOrder: prepared.aside(rankOrder) },
        settled: prepared.settled,
        install: prepared.install,
      };
    },
    refreshStaleInBackground(refresh) {
      hub.refreshStaleInBackground((leagueId) => {
        const slug = leagues.slugOf(leagueId);
        return slug !== undefined && refresh(slug);
      });
    },
  };
  return core;
}
