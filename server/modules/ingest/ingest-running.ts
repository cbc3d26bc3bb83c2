import type pg from 'pg';
import { changeCollector, notifyOn, type Announce } from './data-changes.js';
import { dropKeptPages } from '../stats-core/kept-match-pages.js';
import { markIngestStates } from './store/entity-store.js';

/**
 * The 'updating' badge shows while a clan's ingest runs and was marked within this time, so that a crashed run does
 * not show it for good (docs/product/leagues.md#updating-badge).
 */
export const INGEST_STALE_MS = 10 * 60 * 1000;

/**
 * A clan already running is marked again once its mark is this old: a live match records for 15 minutes or more,
 * and its clans' badge must not time out meanwhile.
 */
const RUNNING_MARK_REFRESH_MS = INGEST_STALE_MS / 2;

/**
 * Marks clans as worked on by ingest (running: the pages' 'updating' badge) or done, and announces it at once so
 * cached pages show the change: the clans' own pages and the tables of the leagues they play in. The clans' kept
 * answers go in the same transaction (the clan header shows the badge). A clan already marked so is left alone
 * (a running one until its mark is RUNNING_MARK_REFRESH_MS old): the live league marks every clan of a recording
 * match each second, and marking, dropping and announcing them all again each time dropped hundreds of clans' kept
 * pages a second, each computed again by its next reader, while nothing they show had changed.
 */
export async function markIngestRunning(pool: pg.Pool, clanIds: number[], running: boolean, announce?: Announce): Promise<void> {
  if (clanIds.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    let marked: number[];
    try {
      marked = await markIngestStates(client, clanIds, running, RUNNING_MARK_REFRESH_MS);
      if (marked.length > 0) await dropKeptPages((sql, params) => client.query(sql, params), { everything: false, clanIds: marked, playerIds: [] });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
    if (marked.length === 0) return;
    const named = await client.query<{ clan: string; league: string }>(
      'SELECT c.slug AS clan, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.id = ANY($1::int[])',
      [marked],
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
