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
