import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Database } from '../db/client.js';
import {
  decodeChangeNotice, encodeChangeNotice, EVERYTHING, LEAGUE_DATA_CHANNEL, type Announce, type LeagueDataChange,
} from '../modules/ingest/ingest-api.js';
import { backgroundLeagueRefreshes, type PrepareLeagueRefresh } from './background-league-refreshes.js';
import { paceLeagueRefreshes, type PacingClock } from './league-refresh-pacing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where readers that keep league data in memory learn that it changed (this app or any other process). */
    leagueDataChanges: LeagueDataChanges;
  }
}

export interface LeagueDataChanges {
  /**
   * Calls `listener` with what changed after every committed change of league data (everything after a reconnect
   * of the LISTEN connection), the leagues named paced (league-refresh-pacing.ts); returns the unsubscribe function.
   */
  onChange(listener: (change: LeagueDataChange) => void): () => void;
  /**
   * What this app's writers call after a commit: its readers hear it at once (before the writer goes on), the
   * other processes through NOTIFY (a description too long for a NOTIFY payload reaches them as everything).
   */
  announce: Announce;
  /**
   * With paced refreshes (an interval above 0), from now on a league's part of a change is heard once `prepare` has
   * built the league's new tables in the background, swapped in with it, while the old ones are served
   * (docs/caching.md, "League refreshes in the background"); without pacing every change is heard at once.
   */
  refreshInBackground(prepare: PrepareLeagueRefresh): void;
  /**
   * A reader found a league's kept tables out of date (a change not heard): refreshes it in the background unless a
   * refresh runs already; false when refreshes do not run in the background (the reader computes).
   */
  refreshStale(league: string): boolean;
  /** Resolves once no background refresh runs or waits: what tests await after a change or moving the clock. */
  refreshesSettled(): Promise<void>;
}

export interface LeagueDataChangesOptions {
  /** Sends this app's announcements (NOTIFY). */
  prisma: Database;
  /** Where ingest announces changes (LISTEN); omitted, only changes made by this app are heard. */
  databaseUrl?: string;
  /** A league's tables and orders are refreshed at most this often while its changes stream in (unset, 0: at every change). */
  leagueRefreshMs?: number;
  /** The pacing's time (tests move it by hand); the process's clock by default. */
  clock?: PacingClock;
  /** Awaited between a background refresh's build and its swap: tests read the previous tables meanwhile. */
  holdRefresh?: (league: string) => Promise<void>;
}

/**
 * One hearing of league data changes per app for every in-memory reader (the public-read cache, the statistics
 * core's snapshots): the app's own writes, told in-process by `announce`, and one dedicated LISTEN connection for
 * the writes of other processes (the CLI, other servers). A reconnect counts as a change of everything, since what
 * happened meanwhile is unknown.
 */
export default fp(
  async function leagueDataChanges(app: FastifyInstance, options: LeagueDataChangesOptions) {
    const listeners = new Set<(change: LeagueDataChange) => void>();
    const deliver = (change: LeagueDataChange) => {
      for (const listener of listeners) listener(change);
    };
    const paced = (options.leagueRefreshMs ?? 0) > 0;
    let background: ReturnType<typeof backgroundLeagueRefreshes> | undefined;
    const pacing = paceLeagueRefreshes((change) => {
      if (!background || change.everything || change.leagues.length === 0) {
        deliver(change);
        return;
      }
      // What the change names of its own is heard at once; its leagues once their tables are rebuilt aside.
      if (change.clans.length + change.players.length + change.matches.length > 0) deliver({ ...change, leagues: [] });
      for (const league of change.leagues) background.request(league);
    }, options.leagueRefreshMs ?? 0, options.clock);
    const notify = (change: LeagueDataChange) => pacing.hear(change);
    // This app's name on the channel: its readers heard its own changes already, so they skip the NOTIFY that comes
    // back, which would otherwise clear answers computed after the change at an unpredictable moment later.
    const origin = randomUUID();
    const listener = options.databaseUrl ? await listenForChanges(app, options.databaseUrl, origin, notify) : undefined;
    app.decorate('leagueDataChanges', {
      onChange(handleChange: (change: LeagueDataChange) => void) {
        listeners.add(handleChange);
        return () => listeners.delete(handleChange);
      },
      async announce(change) {
        notify(change);
        await options.prisma.$executeRaw`SELECT pg_notify(${LEAGUE_DATA_CHANNEL}, ${encodeChangeNotice(origin, change)})`;
      },
      refreshInBackground(prepare) {
        if (paced) background = backgroundLeagueRefreshes(prepare, deliver, { log: app.log, hold: options.holdRefresh });
      },
      refreshStale(league) {
        background?.requestUnlessRunning(league);
        return background !== undefined;
      },
      refreshesSettled: async () => background?.settled(),
    } satisfies LeagueDataChanges);
    app.addHook('onClose', async () => {
      pacing.stop();
      await background?.settled();
      await listener?.end().catch(() => undefined);
    });
  },
  { name: 'league-data-changes' },
);

/** A dedicated connection that LISTENs for ingest's announcements; it reconnects after a drop and notifies then too. */
async function listenForChanges(
  app: FastifyInstance,
  databaseUrl: string,
  origin: string,
  notify: (change: LeagueDataChange) => void,
): Promise<{ end(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      const notice = decodeChangeNotice(message.payload ?? '');
      if (notice.origin !== origin) notify(notice.change);
    });
    next.on('error', (error) => {
      app.log.warn({ err: error }, 'league change listener lost its connection; reconnecting');
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${LEAGUE_DATA_CHANNEL}`);
    client = next;
    // Changes made while no connection listened are unknown: readers start afresh.
    notify(EVERYTHING);
  };

  await connect();
  return {
    async end() {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}
