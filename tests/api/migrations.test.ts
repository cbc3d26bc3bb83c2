import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { withPgClient } from '../../server/db/with-client.js';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations, migrationStatus, MIGRATIONS_DIR, readMigrationFiles } from '../../server/db/migrate.js';
import { createDatabase, dropDatabase } from '../helpers/test-database.js';

const maintenanceUrl = inject('maintenanceUrl');
const created: string[] = [];

async function emptyDatabase(): Promise<string> {
  const url = await createDatabase(maintenanceUrl, { fromTemplate: false });
  created.push(new URL(url).pathname.slice(1));
  return url;
}

const query = <T extends pg.QueryResultRow>(url: string, sql: string) =>
  withPgClient(url, async (client) => (await client.query<T>(sql)).rows);

/** A private copy of the migrations folder that a test may change. */
async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sal-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

afterAll(async () => {
  for (const name of created) await dropDatabase(maintenanceUrl, name);
});

describe('the migration runner', () => {
  it('records each migration in _prisma_migrations with the columns and checksum Prisma uses', async () => {
    const url = await emptyDatabase();
    const applied = await applyMigrations(url);
    const files = await readMigrationFiles();
    expect(applied).toEqual(files.map((file) => file.name));

    const columns = await query<{ column_name: string; data_type: string; is_nullable: string }>(
      url,
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((column) => [column.column_name, column.data_type, column.is_nullable])).toEqual([
      ['id', 'character varying', 'NO'],
      ['checksum', 'character varying', 'NO'],
      ['finished_at', 'timestamp with time zone', 'YES'],
      ['migration_name', 'character varying', 'NO'],
      ['logs', 'text', 'YES'],
      ['rolled_back_at', 'timestamp with time zone', 'YES'],
      ['started_at', 'timestamp with time zone', 'NO'],
      ['applied_steps_count', 'integer', 'NO'],
    ]);

    const rows = await query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      url,
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    const first = files[0]!;
    const fileBytes = await readFile(path.join(MIGRATIONS_DIR, first.name, 'migration.sql'));
    expect(rows[0]).toMatchObject({
      migration_name: first.name,
      checksum: createHash('sha256').update(fileBytes).digest('hex'),
      applied_steps_count: 1,
    });
    expect(rows.every((row) => row.finished_at instanceof Date)).toBe(true);
  });

  it('applies nothing the second time and reports the database current', async () => {
    const url = await emptyDatabase();
    await applyMigrations(url);
    expect(await applyMigrations(url)).toEqual([]);
    const status = await withPgClient(url, migrationStatus);
    expect(status.pending).toEqual([]);
    expect(status.applied.length).toBeGreaterThan(0);
  });

  it('applies each migration once when several servers start at the same time', async () => {
    const url = await emptyDatabase();
    const results = await Promise.all([applyMigrations(url), applyMigrations(url), applyMigrations(url)]);
    const files = await readMigrationFiles();
    expect(results.flat().sort()).toEqual(files.map((file) => file.name).sort());
    const rows = await query<{ migration_name: string; count: string }>(
      url,
      'SELECT migration_name, count(*) FROM _prisma_migrations GROUP BY migration_name',
    );
    expect(rows.every((row) => row.count === '1')).toBe(true);
  });

  it('refuses to start when an applied migration was changed afterwards', async () => {
    const url = await emptyDatabase();
    const dir = await copyOfMigrations();
    await applyMigrations(url, dir);
    const [first] = await readMigrationFiles(dir);
    await writeFile(path.join(dir, first!.name, 'migration.sql'), `${first!.sql}\n-- edited afterwards\n`);
    await expect(applyMigrations(url, dir)).rejects.toThrow(/was changed after it was applied/);
  });

  it('rolls a failing migration back completely and records nothing for it', async () => {
    const url = await emptyDatabase();
    const dir = await copyOfMigrations();
    await mkdir(path.join(dir, '29991231000000_broken'));
    await writeFile(
      path.join(dir, '29991231000000_broken', 'migration.sql'),
      'CREATE TABLE "half_done" (id INT);\nSELECT * FROM "no_such_table";\n',
    );
    await expect(applyMigrations(url, dir)).rejects.toThrow(/29991231000000_broken failed and was rolled back/);
    const leftovers = await query(url, `SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`);
    expect(leftovers).toHaveLength(0);
    const recorded = await query(url, `SELECT 1 FROM _prisma_migrations WHERE migration_name = '29991231000000_broken'`);
    expect(recorded).toHaveLength(0);
  });
});
