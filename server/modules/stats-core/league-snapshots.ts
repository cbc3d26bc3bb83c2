import type { Database } from '../../db/client.js';

/**
 * How often the data versions are read (ingest writes bump their clans' leagues'). Changes heard through
 * StatsCore.forget() take effect at once; the versions cover a change whose announcement was missed.
 */
const VERSION_CHECK_MS = 1000;
/** Rebuilt at least this often: a safety net for a write that neither bumps the version nor is heard. */
const MAX_AGE_MS = 60_000;

interface Entry<T> {
  snapshot: T;
  version: string;
  /** On the hub's clock (the pacing's: a test moves it by hand). */
  builtAt: number;
}

/**
 * How the league refreshes are paced (server/plugins/league-refresh-pacing.ts): a league's snapshots are dropped at
 * most every `leagueRefreshMs` by the changes heard, so the data version, which ingest moves with every write, does
 * not rebuild them more often either: a snapshot younger than that is kept while its version moved (unset, 0: rebuilt
 * when it moved). `now` is the pacing's clock.
 */
export interface SnapshotPacing {
  leagueRefreshMs?: number;
  now?: () => number;
}

/** The data versions: per league (of the clans playing in it now), and the newest of all under EVERY_LEAGUE. */
type Versions = Map<number, string>;

/** What a read needs of a kind of snapshot: the one of a league. */
export interface SnapshotReader<T> {
  get(leagueId: number): Promise<T>;
}

/**
 * A league's snapshots built aside by a background refresh: the reads given its readers (`PreparedLeague.aside`) see
 * these instead of the kept ones, every other read the kept ones, until `install` swaps them in.
 */
interface AsideBuild {
  leagueId: number;
  /** The hub's clock when the refresh began: the data the snapshots show is at least this new. */
  startedAt: number;
  /** A change of everything since the refresh began leaves its snapshots uninstalled. */
  everythingGeneration: number;
  builds: Map<LeagueSnapshots<unknown>, Promise<Entry<unknown>>>;
}

/** A league's snapshots being built in the background (SnapshotHub.prepare). */
export interface PreparedLeague {
  /**
   * A reader of `kind` that sees the league's snapshot built aside (built on its first ask when not held before),
   * and the kept ones of other leagues.
   */
  aside<T>(kind: LeagueSnapshots<T>): SnapshotReader<T>;
  /** Resolves once every snapshot built aside is ready (rejects when one failed). */
  settled(): Promise<void>;
  /**
   * Puts the snapshots built aside in place of the kept ones; nothing when a change of everything came since the
   * refresh began. Called right after the league's change was heard, in the same turn (no read sees a mix).
   */
  install(): void;
}

/** The key of a snapshot of every league at once (the clan directory): only a change of everything drops it. */
export const EVERY_LEAGUE = 0;

/**
 * What every kind of snapshot of one database shares: the data versions (one read a second for all of them) and
 * the changes that drop them, per league, so a kind made through `kind()` is dropped with the others without
 * being wired anywhere. One hub per app (the statistics core builds it).
 */
export class SnapshotHub {
  private versions: { value: Versions; readAt: number } | undefined;
  private versionRead: Promise<Versions> | undefined;
  /** Moved by invalidate(): a build that read the data before a change of its league does not keep its snapshot. */
  private everythingGeneration = 0;
  private leagueGenerations = new Map<number, number>();
  readonly kinds: Array<LeagueSnapshots<unknown>> = [];
  /**
   * Takes a league whose kept snapshot is out of date (its data version moved over a refresh interval ago, or it is
   * older than the longest age) and refreshes it in the background, answering true: the snapshot is served until
   * then. Unset, or false: the read builds it again, as when none is kept.
   */
  private refreshInBackground: ((leagueId: number) => boolean) | undefined;

  constructor(readonly prisma: Database, private readonly pacing: SnapshotPacing = {}) {}

  /** See refreshInBackground: set by the app when its league refreshes run in the background (paced). */
  refreshStaleInBackground(refresh: (leagueId: number) => boolean): void {
    this.refreshInBackground = refresh;
  }

  /** Whether an out-of-date snapshot of the league is served while a background refresh replaces it. */
  servesWhileRefreshing(leagueId: number): boolean {
    return leagueId !== EVERY_LEAGUE && (this.refreshInBackground?.(leagueId) ?? false);
  }

  /**
   * Starts building the league's snapshots aside, every kind held for it now, without showing them to any read but
   * those given the result's readers (stale-while-revalidate: docs/caching.md, "League refreshes in the background").
   */
  prepare(leagueId: number): PreparedLeague {
    const build: AsideBuild = { leagueId, startedAt: this.now(), everythingGeneration: this.everythingGeneration, builds: new Map() };
    for (const kind of this.kinds) if (kind.holds(leagueId)) void kind.buildAside(build).catch(() => undefined);
    return {
      aside: (kind) => ({
        get: async (id) => (id === leagueId ? (await kind.buildAside(build)).snapshot : kind.get(id)),
      }),
      settled: async () => {
        await Promise.all(build.builds.values());
      },
      install: () => {
        if (build.everythingGeneration !== this.everythingGeneration) return;
        for (const kind of this.kinds) kind.installAside(build);
      },
    };
  }

  /**
   * Whether a snapshot built at `builtAt` (the pacing's clock) whose data version moved since is still served: while
   * it is younger than the league refresh interval, as the answers showing it are (docs/caching.md).
   */
  servesMovedVersion(builtAt: number): boolean {
    const interval = this.pacing.leagueRefreshMs ?? 0;
    return interval > 0 && this.now() - builtAt < interval;
  }

  now(): number {
    return this.pacing.now?.() ?? Date.now();
  }

  /** Where a league's snapshots stand: it moves with every change of the league (or of everything). */
  generation(leagueId: number): string {
    return `${this.everythingGeneration}/${this.leagueGenerations.get(leagueId) ?? 0}`;
  }

  async currentVersion(leagueId: number): Promise<string> {
    const versions = this.versions && Date.now() - this.versions.readAt < VERSION_CHECK_MS
      ? this.versions.value
      : await (this.versionRead ??= this.readVersions().finally(() => {
        this.versionRead = undefined;
      }));
    return versions.get(leagueId) ?? 'none';
  }

  /** A new kind of snapshot, kept per league, built by `load` and dropped with every other kind. */
  kind<T>(load: (prisma: Database, leagueId: number) => Promise<T>): LeagueSnapshots<T> {
    const snapshots = new LeagueSnapshots(this, load);
    this.kinds.push(snapshots as LeagueSnapshots<unknown>);
    return snapshots;
  }

  /**
   * Drops the snapshots of the leagues `leagueIds` names, of every kind; undefined: every snapshot, also those of
   * every league at once (league data changed).
   */
  invalidate(leagueIds?: readonly number[]): void {
    this.versions = undefined;
    if (leagueIds === undefined) this.everythingGeneration += 1;
    else for (const id of leagueIds) this.leagueGenerations.set(id, (this.leagueGenerations.get(id) ?? 0) + 1);
    for (const kind of this.kinds) kind.forget(leagueIds);
  }

  private async readVersions(): Promise<Versions> {
    const rows = await this.prisma.$queryRaw<Array<{ league_id: number | null; version: string | null }>>`
      SELECT c.league_id, (extract(epoch FROM max(i.updated_at)) * 1000)::bigint::text AS version
      FROM ingest_states i JOIN clans c ON c.id = i.clan_id
      GROUP BY ROLLUP (c.league_id)`;
    // The ROLLUP row (league_id null) is the newest of all: the version of the snapshots of every league at once.
    const value: Versions = new Map(rows.map((row) => [row.league_id ?? EVERY_LEAGUE, row.version ?? 'none']));
    this.versions = { value, readAt: Date.now() };
    return value;
  }
}

/**
 * A figure of a whole league held in memory (a ranking order, the standings), built by one query instead of a
 * scan per request: dropped when a change of the league is heard (StatsCore.forget(), wired to ingest's
 * and the ratings rebuild's announcements, a league's paced to its refreshes) and rebuilt when ingest has written
 * since (ingest_states.updated_at of the league's clans moves with every ingest batch, checked at most once a
 * second; with paced refreshes, not before the snapshot is a refresh interval old); concurrent requests share one
 * rebuild.
 */
export class LeagueSnapshots<T> implements SnapshotReader<T> {
  private entries = new Map<number, Entry<T>>();
  private building = new Map<number, Promise<Entry<T>>>();
  /** The builds done aside, by refresh: what installAside puts in place. */
  private builtAside = new WeakMap<AsideBuild, Entry<T>>();

  constructor(
    private readonly hub: SnapshotHub,
    private readonly load: (prisma: Database, leagueId: number) => Promise<T>,
  ) {}

  async get(leagueId: number): Promise<T> {
    const version = await this.hub.currentVersion(leagueId);
    const entry = this.entries.get(leagueId);
    if (entry) {
      const current = (entry.version === version || this.hub.servesMovedVersion(entry.builtAt)) && this.hub.now() - entry.builtAt < MAX_AGE_MS;
      if (current || this.hub.servesWhileRefreshing(leagueId)) return entry.snapshot;
    }
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

  /** Whether a snapshot of the league is kept (a background refresh builds those again). */
  holds(leagueId: number): boolean {
    return this.entries.has(leagueId);
  }

  /** This kind's snapshot of a refresh's league, built aside once per refresh (the first ask builds it). */
  buildAside(aside: AsideBuild): Promise<Entry<T>> {
    let build = aside.builds.get(this as LeagueSnapshots<unknown>) as Promise<Entry<T>> | undefined;
    if (!build) {
      build = (async () => {
        const version = await this.hub.currentVersion(aside.leagueId);
        const entry = { snapshot: await this.load(this.hub.prisma, aside.leagueId), version, builtAt: aside.startedAt };
        this.builtAside.set(aside, entry);
        return entry;
      })();
      aside.builds.set(this as LeagueSnapshots<unknown>, build);
    }
    return build;
  }

  /** Puts this kind's snapshot built aside by the refresh in place (see PreparedLeague.install). */
  installAside(aside: AsideBuild): void {
    const entry = this.builtAside.get(aside);
    if (!entry) return;
    this.entries.set(aside.leagueId, entry);
  }

  /**
   * Forgets the snapshots and builds in progress of `leagueIds` (undefined: all; the hub calls it when the data
   * changed).
   */
  forget(leagueIds?: readonly number[]): void {
    if (leagueIds === undefined) {
      this.entries.clear();
      this.building.clear();
      return;
    }
    for (const id of leagueIds) {
      this.entries.delete(id);
      this.building.delete(id);
    }
  }

  private async build(leagueId: number, version: string): Promise<Entry<T>> {
    const generation = this.hub.generation(leagueId);
    const builtAt = this.hub.now();
    const entry: Entry<T> = { snapshot: await this.load(this.hub.prisma, leagueId), version, builtAt };
    // A build that started before a change of its league answers the requests that waited for it, but is not kept.
    if (generation === this.hub.generation(leagueId)) this.entries.set(leagueId, entry);
    return entry;
  }
}

