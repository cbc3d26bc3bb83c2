import type pg from 'pg';

/**
 * How readers learn that league data changed: every committed write announces itself on a PostgreSQL channel,
 * which every server process on the database listens to (also when a command-line run wrote). A server's own
 * writes also tell its readers at once, before the writer goes on (so a reader there never serves an answer older
 * than its own write): its writers are given the app's `announce` (server/plugins/league-data-changes.ts), which
 * does both.
 */
export const LEAGUE_DATA_CHANNEL = 'league_data_changed';

/** Tells readers that league data changed (call after COMMIT). */
export type Announce = () => Promise<void>;

/**
 * The announcement of a writer with no readers of its own in the process (a command, another process): the NOTIFY
 * alone, on the writer's connection.
 */
export function notifyOn(client: Pick<pg.ClientBase, 'query'>): Announce {
  return async () => {
    await client.query(`NOTIFY ${LEAGUE_DATA_CHANNEL}`);
  };
}
