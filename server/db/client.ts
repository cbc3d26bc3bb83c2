import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from './generated/client.js';

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
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize, options: SESSION_OPTIONS }) });
}

/** The statistics reads' client (a pool of its own, OpenDatabase.statistics), whose writes are derived only. */
export function createStatisticsClient(databaseUrl: string, poolSize = 10): Database {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: poolSize, options: DERIVED_WRITES_OPTIONS }) });
}
