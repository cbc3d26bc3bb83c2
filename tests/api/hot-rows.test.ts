import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Prisma } from '../../server/db/generated/client.js';
import { hotRows } from '../../server/db/hot-rows.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

/**
 * The hottest reads through the node-postgres pool under a Prisma client (server/db/hot-rows.ts): the rows the
 * kept answers' lookups select, alike through the pool, prepared or not, and through Prisma (a transaction).
 */
describe('hot reads through the driver pool', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
  });
  afterAll(async () => {
    await db.drop();
  });

  /** The column types of the kept lookups: text, int, bool, bytea, text[], and nulls of each. */
  const lookupLike = (owner: string) => Prisma.sql`
    SELECT ${owner}::text AS owner, 7::int AS version, true AS current, '\\x0102ff'::bytea AS brotli,
           ARRAY['clan:a', ${owner}]::text[] AS tags, NULL::text AS guard, NULL::bytea AS missing`;
  const expected = (owner: string) => ({
    owner, version: 7, current: true, brotli: [1, 2, 255], tags: ['clan:a', owner], guard: null, missing: null,
  });
  /** A row with its bytes as numbers: a Buffer from the pool, a Uint8Array from Prisma. */
  const comparable = (row: Record<string, unknown>) => ({ ...row, brotli: [...(row.brotli as Uint8Array)] });

  it('reads the same rows through the pool, prepared or not, as through Prisma', async () => {
    for (const prepared of [false, true, true]) {
      const rows = await hotRows<Record<string, unknown>>(db.statistics, lookupLike('player:1'), { prepared });
      expect(rows.map(comparable)).toEqual([expected('player:1')]);
    }
    // Prepared once per text: the same statement with other values, then another text, on the same connections.
    expect((await hotRows<Record<string, unknown>>(db.statistics, lookupLike('player:2'), { prepared: true })).map(comparable))
      .toEqual([expected('player:2')]);
    expect(await hotRows(db.statistics, Prisma.sql`SELECT ${'x'}::text AS other`, { prepared: true })).toEqual([{ other: 'x' }]);
    const throughPrisma = await db.statistics.$transaction((tx) => hotRows<Record<string, unknown>>(tx, lookupLike('player:3')));
    expect(throughPrisma.map(comparable)).toEqual([expected('player:3')]);
  });
});
