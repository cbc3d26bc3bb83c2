import type pg from 'pg';
import { EVERYTHING, notifyOn, type Announce } from './data-changes.js';
import { INGEST_LOCK_KEY } from './ingest-lock.js';
import { replayLeague } from './replay.js';
import { dropKeptPages, EVERY_KEPT_PAGE } from '../stats-core/kept-match-pages.js';

/** Recomputes every league's ratings and figures from the stored match history, one transaction per league. */
export async function rebuildAllRatings(
  pool: pg.Pool,
  onMatches?: (count: number) => void,
  announce?: Announce,
): Promise<{ matches: number; seconds: number }> {
  const started = performance.now();
  const client = await pool.connect();
  let matches = 0;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [INGEST_LOCK_KEY]);
    const leagues = await client.query<{ id: number }>('SELECT id FROM leagues ORDER BY sort_order, id');
    for (const league of leagues.rows) {
      await client.query('BEGIN');
      try {
        matches += await replayLeague(client, league.id, onMatches);
        await dropKeptPages((sql, params) => client.query(sql, params), { ...EVERY_KEPT_PAGE, replayed: { leagueId: league.id, from: null } });
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    await (announce ?? notifyOn(client))(EVERYTHING);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [INGEST_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return { matches, seconds: (performance.now() - started) / 1000 };
}
