import type pg from 'pg';
import { changeCollector, notifyOn, type Announce } from './data-changes.js';
import { dropKeptPages } from '../stats-core/kept-match-pages.js';
import { saveIngestStates } from './store/entity-store.js';

/**
 * Marks clans as worked on by ingest (running: the pages' 'updating' badge) or done, and announces it at once so
 * cached pages show the change: the clans' own pages and the tables of the leagues they play in. The clans' kept
 * answers go in the same transaction (the clan header shows the badge).
 */
export async function markIngestRunning(pool: pg.Pool, clanIds: number[], running: boolean, announce?: Announce): Promise<void> {
  if (clanIds.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      await saveIngestStates(client, clanIds, running);
      await dropKeptPages((sql, params) => client.query(sql, params), { everything: false, clanIds, playerIds: [] });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    const named = await client.query<{ clan: string; league: string }>(
      'SELECT c.slug AS clan, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.id = ANY($1::int[])',
      [clanIds],
    );
    const change = changeCollector();
    for (const row of named.rows) {
      change.clan(row.clan);
      change.league(row.league);
    }
    await (announce ?? notifyOn(client))(change.build());
  } finally {
    client.release();
  }
}
