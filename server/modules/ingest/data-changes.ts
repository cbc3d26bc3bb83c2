import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Db } from '../../db/client.js';

/**
 * How readers learn that league data changed: ingest and rating rebuilds announce each committed run on a
 * PostgreSQL channel (every server process on the database hears it, also when the CLI ingested) and on an
 * in-process emitter (so a reader in the writing process never serves an answer older than its own write).
 */
export const LEAGUE_DATA_CHANNEL = 'league_data_changed';

/**
 * This process's name on the channel: its readers heard its own changes already (in-process, before the writer
 * went on), so they skip the NOTIFY that comes back, which could otherwise clear an answer computed after the
 * change, at an unpredictable moment later.
 */
export const THIS_PROCESS = randomUUID();

const localChanges = new EventEmitter();
localChanges.setMaxListeners(0);

/** Announces a committed change of league data (call after COMMIT), on a pg connection. */
export async function announceLeagueDataChanged(client: pg.ClientBase): Promise<void> {
  localChanges.emit('changed');
  await client.query(`NOTIFY ${LEAGUE_DATA_CHANNEL}, '${THIS_PROCESS}'`);
}

/** The same announcement made through the Prisma client (a change written outside an ingest run). */
export async function announceLeagueDataChangedBy(prisma: Db): Promise<void> {
  localChanges.emit('changed');
  await prisma.$executeRawUnsafe(`NOTIFY ${LEAGUE_DATA_CHANNEL}, '${THIS_PROCESS}'`);
}

/** Calls `listener` on every change announced in this process; returns the unsubscribe function. */
export function onLocalLeagueDataChange(listener: () => void): () => void {
  localChanges.on('changed', listener);
  return () => localChanges.off('changed', listener);
}
