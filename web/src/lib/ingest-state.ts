/** Ingest counts as live for this long after its last update (10 minutes: docs/product/leagues.md#updating-badge). */
export const INGEST_STALE_AFTER_MS = 10 * 60 * 1000;

/** An ingest state as the API sends it. */
export interface IngestInfo {
  running: boolean;
  updatedAt?: string | null;
}

/**
 * The 'updating' badge (docs/product/leagues.md#updating-badge): only while ingest runs and was updated within the last
 * 10 minutes; `runningAlone` is the variant that shows the badge on `running` alone.
 */
export function isIngestUpdating(ingest: IngestInfo | null | undefined, now = Date.now(), runningAlone = false): boolean {
  if (!ingest?.running) return false;
  if (runningAlone) return true;
  if (!ingest.updatedAt) return false;
  const updated = new Date(ingest.updatedAt).getTime();
  return !Number.isNaN(updated) && now - updated <= INGEST_STALE_AFTER_MS;
}
