import type { Database } from '../../db/client.js';

/**
 * How often the data version is read (ingest writes bump it). Changes heard through StatsCore.forget()
 * take effect at once; the version covers a change whose announcement was missed.
 */
const VERSION_CHECK_MS = 1000;
/** Rebuilt at least this often: a safety net for a write that neither bumps the version nor is heard. */
const MAX_AGE_MS = 60_000;

interface Entry<T> {
  snapshot: T;
  version: string;
  builtAt: number;
}

/**
 * What every kind of snapshot of one database shares: the data version (one read a second for all of them) and
 * the change that drops them all, so a kind made through `kind()` is dropped with the others without being wired
 * anywhere. One hub per app (the statistics core builds it).
 */
export class SnapshotHub {
  private version: { value: string; readAt: number } | undefined;
  private versionRead: Promise<string> | undefined;
  /** Bumped by invalidate(): a build that read the data before a change does not keep its snapshot. */
  generation = 0;
  readonly kinds: Array<LeagueSnapshots<unknown>> = [];

  constructor(readonly prisma: Database) {}

  async currentVersion(): Promise<string> {
    if (this.version && Date.now() - this.version.readAt < VERSION_CHECK_MS) return this.version.value;
    this.versionRead ??= this.readVersion().finally(() => {
      this.versionRead = undefined;
    });
    return this.versionRead;
  }

  /** A new kind of snapshot, kept per league, built by `load` and dropped with every other kind. */
  kind<T>(load: (prisma: Database, leagueId: number) => Promise<T>): LeagueSnapshots<T> {
    const snapshots = new LeagueSnapshots(this, load);
    this.kinds.push(snapshots as LeagueSnapshots<unknown>);
    return snapshots;
  }

  /** Drops every snapshot of every kind (league data changed). */
  invalidate(): void {
    this.generation += 1;
    this.version = undefined;
    for (const kind of this.kinds) kind.forget();
  }

  private async readVersion(): Promise<string> {
    const [row] = await this.prisma.$queryRaw<Array<{ version: string | null }>>`
      SELECT (extract(epoch FROM max(updated_at)) * 1000)::bigint::text AS version FROM ingest_states`;
    const value = row?.version ?? 'none';
    this.version = { value, readAt: Date.now() };
    return value;
  }
}

/**
 * A figure of a whole league held in memory (a ranking order, the standings), built by one query instead of a
 * scan per request: dropped when a change of league data is heard (StatsCore.forget(), wired to ingest's
 * and the ratings rebuild's announcements) and rebuilt when ingest has written since (ingest_states.updated_at
 * moves with every ingest batch, checked at most once a second); concurrent requests share one rebuild.
 */
export class LeagueSnapshots<T> {
  private entries = new Map<number, Entry<T>>();
  private building = new Map<number, Promise<Entry<T>>>();

  constructor(
    private readonly hub: SnapshotHub,
    private readonly load: (prisma: Database, leagueId: number) => Promise<T>,
  ) {}

  async get(leagueId: number): Promise<T> {
    const version = await this.hub.currentVersion();
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

  /** Forgets every snapshot and every build in progress (the hub calls it when the data changed). */
  forget(): void {
    this.entries.clear();
    this.building.clear();
  }

  private async build(leagueId: number, version: string): Promise<Entry<T>> {
    const generation = this.hub.generation;
    const entry: Entry<T> = { snapshot: await this.load(this.hub.prisma, leagueId), version, builtAt: Date.now() };
    // A build that started before a change answers the requests that waited for it, but is not kept.
    if (generation === this.hub.generation) this.entries.set(leagueId, entry);
    return entry;
  }
}

