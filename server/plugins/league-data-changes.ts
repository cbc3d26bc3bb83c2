import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { LEAGUE_DATA_CHANNEL, onLocalLeagueDataChange, THIS_PROCESS } from '../modules/ingest/ingest-api.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where readers that keep league data in memory learn that it changed (this process or any other). */
    leagueDataChanges: LeagueDataChanges;
  }
}

export interface LeagueDataChanges {
  /** Calls `listener` after every committed change of league data; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

export interface LeagueDataChangesOptions {
  /** Where ingest announces changes (LISTEN); omitted, only changes made in this process are heard. */
  databaseUrl?: string;
}

/**
 * One hearing of league data changes per process for every in-memory reader (the public-read cache, the ranking
 * snapshots): the in-process signal of a write made here, and one dedicated LISTEN connection for the writes of
 * other processes (the CLI, other servers). A reconnect counts as a change, since what happened meanwhile is unknown.
 */
export default fp(
  async function leagueDataChanges(app: FastifyInstance, options: LeagueDataChangesOptions) {
    const listeners = new Set<() => void>();
    const notify = () => {
      for (const listener of listeners) listener();
    };
    const unsubscribe = onLocalLeagueDataChange(notify);
    const listener = options.databaseUrl ? await listenForChanges(app, options.databaseUrl, notify) : undefined;
    app.decorate('leagueDataChanges', {
      onChange(handleChange: () => void) {
        listeners.add(handleChange);
        return () => listeners.delete(handleChange);
      },
    });
    app.addHook('onClose', async () => {
      unsubscribe();
      await listener?.end().catch(() => undefined);
    });
  },
  { name: 'league-data-changes' },
);

/** A dedicated connection that LISTENs for ingest's announcements; it reconnects after a drop and notifies then too. */
async function listenForChanges(app: FastifyInstance, databaseUrl: string, notify: () => void): Promise<{ end(): Promise<void> }> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    // This process's own announcements were heard in-process when they were made.
    next.on('notification', (message) => {
      if (message.payload !== THIS_PROCESS) notify();
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
    notify();
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
