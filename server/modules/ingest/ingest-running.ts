import type pg from 'pg';
import { notifyOn, type Announce } from './data-changes.js';
import { saveIngestStates } from './store/entity-store.js';

/**
 * Marks clans as worked on by ingest (running: the pages' 'updating' badge) or done, and announces it at once so
 * cached pages show the change.
 */
export async function markIngestRunning(pool: pg.Pool, clanIds: number[], running: boolean, announce?: Announce): Promise<void> {
  if (clanIds.length === 0) return;
  const client = await pool.connect();
  try {
    await saveIngestStates(client, clanIds, running);
    await (announce ?? notifyOn(client))();
  } finally {
    client.release();
  }
}
