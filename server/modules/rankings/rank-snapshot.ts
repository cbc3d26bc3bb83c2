import type { Database } from '../../db/client.js';

/**
 * A league's ranking order held in memory: every ranked player's (rating, internal id), rating desc then id.
 * It turns a `skip` into the keyset bound of the row before it and a player into a rank with a binary search,
 * so page 500 and the rank of the last player cost what page 1 costs instead of walking 50,000 index entries.
 */
export interface RankSnapshot {
  ratings: Int32Array;
  playerIds: Int32Array;
}

interface Entry {
  snapshot: RankSnapshot;
  version: string;
  builtAt: number;
}

/**
 * How often the data version is read (ingest writes bump it). Changes heard through invalidate() take effect at
 * once; the version covers a change whose announcement was missed.
 */
const VERSION_CHECK_MS = 1000;
/** Rebuilt at least this often: a safety net for a write that neither bumps the version nor is heard. */
const MAX_AGE_MS = 60_000;

/** The sort order of rankings: rating desc, then internal id asc. Negative: a before b. */
export function compareRankKeys(ratingA: number, idA: number, ratingB: number, idB: number): number {
  return ratingB - ratingA || idA - idB;
}

/** How many snapshot entries come before (rating, playerId) in the ranking order (the player itself excluded). */
export function countAhead(snapshot: RankSnapshot, rating: number, playerId: number): number {
  let low = 0;
  let high = snapshot.ratings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRankKeys(snapshot.ratings[middle]!, snapshot.playerIds[middle]!, rating, playerId) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The (rating, playerId) at a 0-based position, or undefined past the end. */
export function keyAt(snapshot: RankSnapshot, index: number): { rating: number; playerId: number } | undefined {
  if (index < 0 || index >= snapshot.ratings.length) return undefined;
  return { rating: snapshot.ratings[index]!, playerId: snapshot.playerIds[index]! };
}

/**
 * Ranking snapshots per league, dropped when a change of league data is heard (invalidate(), wired to ingest's
 * and the ratings rebuild's announcements) and rebuilt when ingest has written since (ingest_states.updated_at
 * moves with every ingest batch, checked at most once a second); concurrent requests share one rebuild.
 */
export class RankSnapshots {
  private entries = new Map<number, Entry>();
  private building = new Map<number, Promise<Entry>>();
  private version: { value: string; readAt: number } | undefined;
  private versionRead: Promise<string> | undefined;
  /** Bumped by invalidate(): a build that read the order before a change does not keep its snapshot. */
  private generation = 0;

  constructor(private readonly prisma: Database) {}

  async get(leagueId: number): Promise<RankSnapshot> {
    const version = await this.currentVersion();
    const entry = this.entries.get(leagueId);
    if (entry && entry.version === version && Date.now() - entry.builtAt < MAX_AGE_MS) return entry.snapshot;
    let build = this.building.get(leagueId);
    if (!build) {
      const started = this.build(leagueId, version);
      build = started;
      this.building.set(leagueId, started);
      void started.finally(() => {
        if (this.building.get(leagueId) === started) this.building.delete(leagueId);
      }).catch(() => undefined);
    }
    return (await build).snapshot;
  }

  /** Forgets every snapshot and every build in progress (called when the data changed). */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.building.clear();
    this.version = undefined;
  }

  private async currentVersion(): Promise<string> {
    if (this.version && Date.now() - this.version.readAt < VERSION_CHECK_MS) return this.version.value;
    this.versionRead ??= this.readVersion().finally(() => {
      this.versionRead = undefined;
    });
    return this.versionRead;
  }

  private async readVersion(): Promise<string> {
    const [row] = await this.prisma.$queryRaw<Array<{ version: string | null }>>`
      SELECT (extract(epoch FROM max(updated_at)) * 1000)::bigint::text AS version FROM ingest_states`;
    const value = row?.version ?? 'none';
    this.version = { value, readAt: Date.now() };
    return value;
  }

  private async build(leagueId: number, version: string): Promise<Entry> {
    const generation = this.generation;
    // One row with two arrays: far cheaper to decode than one row per player.
    const [row] = await this.prisma.$queryRaw<Array<{ ratings: number[] | null; ids: number[] | null }>>`
      SELECT array_agg(rating ORDER BY rating DESC, player_id) AS ratings,
             array_agg(player_id ORDER BY rating DESC, player_id) AS ids
      FROM player_stats WHERE league_id = ${leagueId} AND matches > 0`;
    const entry: Entry = {
      snapshot: { ratings: Int32Array.from(row?.ratings ?? []), playerIds: Int32Array.from(row?.ids ?? []) },
      version,
      builtAt: Date.now(),
    };
    // A build that started before a change answers the requests that waited for it, but is not kept.
    if (generation === this.generation) this.entries.set(leagueId, entry);
    return entry;
  }
}

const shared = new WeakMap<Database, RankSnapshots>();

/** The snapshots of one database, shared by every route plugin that ranks players (one rebuild, one copy). */
export function rankSnapshotsFor(prisma: Database): RankSnapshots {
  let snapshots = shared.get(prisma);
  if (!snapshots) {
    snapshots = new RankSnapshots(prisma);
    shared.set(prisma, snapshots);
  }
  return snapshots;
}
