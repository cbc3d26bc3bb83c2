import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

/** The tables ingest fills, in the order a loader would fill them. */
export const INGEST_TABLES = [
  'clans', 'players', 'membership_events', 'matches', 'clan_matches', 'match_players',
  'clan_stats', 'player_stats', 'clan_opponent_stats', 'player_opponent_stats', 'ingest_states',
] as const;

export interface CopyFloor {
  rows: number;
  seconds: number;
}

/**
 * The floor for ingest: the time PostgreSQL takes to COPY the rows ingest wrote into empty tables of the same
 * shape and indexes, from files already on disk (so only the load is timed, as a bulk loader would see it).
 */
export async function measureCopyFloor(pool: pg.Pool): Promise<CopyFloor> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sal-copy-floor-'));
  const client = await pool.connect();
  try {
    for (const table of INGEST_TABLES) {
      await pipeline(client.query(copyTo(`COPY ${table} TO STDOUT`)), createWriteStream(path.join(dir, table)));
      await client.query(`DROP TABLE IF EXISTS floor_${table}`);
      await client.query(`CREATE TABLE floor_${table} (LIKE ${table} INCLUDING DEFAULTS INCLUDING INDEXES)`);
    }
    await client.query('CHECKPOINT');
    let rows = 0;
    const started = performance.now();
    await client.query('BEGIN');
    for (const table of INGEST_TABLES) {
      const copy = client.query(copyFrom(`COPY floor_${table} FROM STDIN`));
      await pipeline(createReadStream(path.join(dir, table)), copy);
      rows += Number(copy.rowCount);
    }
    await client.query('COMMIT');
    const seconds = (performance.now() - started) / 1000;
    return { rows, seconds };
  } finally {
    for (const table of INGEST_TABLES) await client.query(`DROP TABLE IF EXISTS floor_${table}`).catch(() => undefined);
    client.release();
    await rm(dir, { recursive: true, force: true });
  }
}
