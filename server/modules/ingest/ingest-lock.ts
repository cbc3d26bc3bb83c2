import type { Transaction } from '../../db/client.js';

/**
 * PostgreSQL advisory lock key held by ingest and rating rebuilds: they run one at a time across every process,
 * because each keeps a league's running figures in memory for the length of its run.
 */
export const INGEST_LOCK_KEY = 0x5a11ea6;

/** Another ingest run or rebuild held the lock for as long as the caller would wait (IngestOptions.lockWaitMs). */
export class IngestLockBusyError extends Error {
  override name = 'IngestLockBusyError';

  constructor() {
    super('the ingest lock is held by another run');
  }
}

/** PostgreSQL's lock_not_available: a wait under `lock_timeout` ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

/** The PostgreSQL error code of a raw query that failed through Prisma's driver adapter. */
function postgresCodeOf(error: unknown): string | undefined {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } } | null)?.meta?.driverAdapterError?.cause;
  return cause?.originalCode;
}

/**
 * Takes the ingest lock for the rest of the transaction, waiting at most `waitMs` for a run that holds it (a
 * change made outside ingest's runs, such as a clan refresh, must not be overwritten by a batch in progress).
 * IngestLockBusyError when the wait runs out.
 */
export async function holdIngestLock(tx: Transaction, waitMs: number): Promise<void> {
  await tx.$executeRaw`SELECT set_config('lock_timeout', ${`${waitMs}ms`}, true)`;
  try {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${INGEST_LOCK_KEY}::bigint)`;
  } catch (error) {
    if (postgresCodeOf(error) === LOCK_NOT_AVAILABLE) throw new IngestLockBusyError();
    throw error;
  }
}
