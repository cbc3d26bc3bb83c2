import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient, type Prisma } from './generated/client.js';
import { noteDriverPool } from './hot-rows.js';

/** The Prisma client of the app's database. */
export type Database = PrismaClient;
/** A transaction of it (the `tx` of `prisma.$transaction(async (tx) => ...)`). */
export type Transaction = Prisma.TransactionClient;
/** The client or one of its transactions: data-access functions take either, so a service decides the transaction. */
export type Db = Database | Transaction;

/**
 * Session settings of the app's connections. Parallel query is off: the site's reads are short index lookups,
 * and starting parallel workers for one (the planner is tempted by `= ANY($1)` lists it cannot size) costs about
 * 10 ms of latency and a core that concurrent requests need.
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/**
 * The statistics pool's sessions also commit without waiting for the WAL to reach the disk. All that pool writes is
 * derived and computed again when missing (kept answers, a player's clan re-read from the game), a crash loses at
 * most the last fraction of a second of such commits (never one before a commit that survived, so what is kept stays
 * consistent with the league data that survived), and a computed read keeps its answer before it answers: with a
 * flush per keep, every first read of a page waited for the disk (docs/decisions.md).
 */
const DERIVED_WRITES_OPTIONS = `${SESSION_OPTIONS} -c synchronous_commit=off`;

/** A Prisma client over node-postgres (the driver adapter: no query-engine binary to download). */
export function createPrismaClient(databaseUrl: string, poolSize = 10): Database {
  return clientOverPool({ connectionString: databaseUrl, max: poolSize, options: SESSION_OPTIONS });
}

/** The statistics reads' client (a pool of its own, OpenDatabase.statistics), whose writes are derived only. */
export function createStatisticsClient(databaseUrl: string, poolSize = 10): Database {
  return clientOverPool({ connectionString: databaseUrl, max: poolSize, options: DERIVED_WRITES_OPTIONS });
}

/**
 * A Prisma client over a node-postgres pool made here, so that the hottest reads can take the pool's connections
 * without Prisma's layers (hot-rows.ts); the client's disconnect ends the pool.
 */
function clientOverPool(config: pg.PoolConfig): Database {
  const pool = new pg.Pool(config);
  // An idle connection's error (the server restarting) must not end the process: the pool drops that connection
  // and the next query opens another, as the adapter's own pool does.
  pool.on('error', () => undefined);
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  noteDriverPool(client, pool);
  return client;
}
