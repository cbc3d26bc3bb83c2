import type pg from 'pg';
import { announceLeagueDataChanged } from './data-changes.js';
import { saveIngestStates } from './store/entity-store.js';

/**
 * Marks clans as worked on by ingest (running: the pages' 'updating' badge) or done, and announces it at once so
 * cached pages show the change.
 */
export async function markIngestRunning(pool: pg.Pool, clanIds: number[], running: boolean): Promise<void> {
  if (clanIds.length === 0) return;
  const client = await pool.connect();
  try {
    await saveIngestStates(client, clanIds, running);
    await announceLeagueDataChanged(client);
  } finally {
    client.release();
  }
}
