import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Prisma } from './generated/client.js';
import type { Db } from './client.js';

/** The node-postgres pool under each Prisma client client.ts made (its driver adapter's pool). */
const driverPools = new WeakMap<object, pg.Pool>();

/** Notes `pool` as the one under `client`, for hotRows. */
export function noteDriverPool(client: object, pool: pg.Pool): void {
  driverPools.set(client, pool);
}

/** Statement names by text: one prepared statement per text on each connection. */
const statementNames = new Map<string, string>();

function statementNameOf(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `hot_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The rows of one of the hottest reads (the kept answers' lookups, run for most statistics reads), through the
 * node-postgres pool under `db` when it has one, else through Prisma's `$queryRaw` (a transaction's client).
 * Prisma's raw query path cost 142 µs of the server's CPU per kept page lookup against 56 µs through the pool
 * (measured on the benchmark league, ten at a time; docs/performance.md), for the same statement and rows.
 * With `prepared`, the statement is prepared once per connection (named by its text) and PostgreSQL plans it once
 * too: only for statements whose best plan does not depend on their values (primary-key lookups), since a prepared
 * statement may switch to one generic plan.
 *
 * The rows come in node-postgres's types, not Prisma's: int4 as number, int8 and numeric as string, bytea as a
 * Buffer, arrays as arrays; a hot read selects only columns both give alike (casting the rest to text).
 */
export async function hotRows<Row extends object>(db: Db, query: Prisma.Sql, options: { prepared?: boolean } = {}): Promise<Row[]> {
  const pool = driverPools.get(db);
  if (!pool) return db.$queryRaw<Row[]>(query);
  const { text, values } = query;
  const result = await pool.query<Row>(options.prepared ? { name: statementNameOf(text), text, values } : { text, values });
  return result.rows;
}
