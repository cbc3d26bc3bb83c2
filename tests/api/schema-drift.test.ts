import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applyMigrations } from '../../server/db/migrate.js';
import { actualSchema, diffSchemas, expectedSchema } from '../helpers/schema-drift.js';
import { createDatabase, dropDatabase } from '../helpers/test-database.js';

const SCHEMA = fileURLToPath(new URL('../../prisma/schema.prisma', import.meta.url));

describe('schema.prisma and the migrations', () => {
  const maintenanceUrl = inject('maintenanceUrl');
  const created: string[] = [];

  async function migratedDatabase(): Promise<string> {
    const url = await createDatabase(maintenanceUrl, { fromTemplate: false });
    created.push(new URL(url).pathname.slice(1));
    await applyMigrations(url);
    return url;
  }

  let url: string;
  beforeAll(async () => {
    url = await migratedDatabase();
  });
  afterAll(async () => {
    for (const name of created) await dropDatabase(maintenanceUrl, name);
  });

  it('agree on every table, column, type, nullability, default, index and foreign key', async () => {
    expect(diffSchemas(expectedSchema(SCHEMA), await actualSchema(url))).toEqual([]);
  });

  it('disagree, naming the column, when a migration lacks a column of the schema', async () => {
    const drifted = await migratedDatabase();
    const client = new pg.Client({ connectionString: drifted });
    await client.connect();
    await client.query('ALTER TABLE "leagues" DROP COLUMN "label"');
    await client.query('ALTER TABLE "leagues" ALTER COLUMN "kind" TYPE VARCHAR(30)');
    await client.end();
    const differences = diffSchemas(expectedSchema(SCHEMA), await actualSchema(drifted));
    expect(differences).toContain('leagues.label: missing in database');
    expect(differences).toContain('leagues.kind: type character varying(30), schema says character varying(20)');
  });
});
