import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Where `prisma migrate` keeps migrations: `<timestamp>_<name>/migration.sql`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

/** Prisma's own advisory lock key, so this runner and `prisma migrate deploy` never run at the same time. */
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

/** The table exactly as Prisma's migration engine creates it on PostgreSQL. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
}

/** A migration problem an operator must resolve by hand; its message says what to do. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Prisma's checksum: the SHA-256 of the migration file's bytes, as lowercase hex. */
export function migrationChecksum(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** Reads every migration folder, oldest first (folder names start with a timestamp). */
export async function readMigrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: migrationChecksum(sql) };
    }),
  );
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

async function readAppliedRows(client: pg.ClientBase): Promise<AppliedRow[]> {
  const exists = await client.query(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return [];
  const result = await client.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
  );
  return result.rows.filter((row) => row.rolled_back_at === null);
}

/** Refuses to go on when an applied migration was edited or an earlier run left one half-done. */
function checkApplied(files: MigrationFile[], rows: AppliedRow[]): Set<string> {
  const byName = new Map(files.map((file) => [file.name, file]));
  const done = new Set<string>();
  for (const row of rows) {
    if (row.finished_at === null) {
      throw new MigrationError(
        `Migration ${row.migration_name} failed earlier and is marked unfinished in _prisma_migrations; ` +
          'fix the database by hand, then delete that row or mark it rolled back.',
      );
    }
    const file = byName.get(row.migration_name);
    if (file && file.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${row.migration_name} was changed after it was applied (checksum differs). ` +
          'Restore the original file and put the change in a new migration.',
      );
    }
    done.add(row.migration_name);
  }
  return done;
}

/** Compares the migration files with what the database has applied, without changing anything. */
export async function migrationStatus(client: pg.ClientBase, dir = MIGRATIONS_DIR): Promise<MigrationStatus> {
  const files = await readMigrationFiles(dir);
  const done = checkApplied(files, await readAppliedRows(client));
  return {
    applied: files.filter((file) => done.has(file.name)).map((file) => file.name),
    pending: files.filter((file) => !done.has(file.name)).map((file) => file.name),
  };
}

/**
 * Applies pending migrations in order, each in its own transaction, under Prisma's advisory lock so that
 * several servers starting at once apply each migration exactly once. Returns the names it applied.
 */
export async function applyMigrations(databaseUrl: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const files = await readMigrationFiles(dir);
    const done = checkApplied(files, await readAppliedRows(client));
    const applied: string[] = [];
    for (const file of files.filter((candidate) => !done.has(candidate.name))) {
      await applyOne(client, file);
      applied.push(file.name);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

async function applyOne(client: pg.Client, file: MigrationFile): Promise<void> {
  const id = randomUUID();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
      [id, file.checksum, file.name],
    );
    await client.query(file.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${file.name} failed and was rolled back: ${reason}`);
  }
}
