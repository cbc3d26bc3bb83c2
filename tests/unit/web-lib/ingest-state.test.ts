import { describe, expect, it } from 'vitest';
import { INGEST_STALE_AFTER_MS, isIngestUpdating } from '../../../web/src/lib/ingest-state.js';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe("isIngestUpdating ('updating' while running and updated within 10 minutes)", () => {
  it('is true while running and updated within the last 10 minutes', () => {
    expect(isIngestUpdating({ running: true, updatedAt: minutesAgo(0) }, NOW)).toBe(true);
    expect(isIngestUpdating({ running: true, updatedAt: minutesAgo(9.9) }, NOW)).toBe(true);
    expect(isIngestUpdating({ running: true, updatedAt: minutesAgo(10) }, NOW)).toBe(true);
  });

  it('is false once the update is older than 10 minutes', () => {
    expect(isIngestUpdating({ running: true, updatedAt: minutesAgo(10.01) }, NOW)).toBe(false);
    expect(isIngestUpdating({ running: true, updatedAt: minutesAgo(60) }, NOW)).toBe(false);
  });

  it('is false when not running, however recent', () => {
    expect(isIngestUpdating({ running: false, updatedAt: minutesAgo(1) }, NOW)).toBe(false);
    expect(isIngestUpdating(null, NOW)).toBe(false);
    expect(isIngestUpdating(undefined, NOW)).toBe(false);
  });

  it('is false while running without a readable update time', () => {
    expect(isIngestUpdating({ running: true, updatedAt: null }, NOW)).toBe(false);
    expect(isIngestUpdating({ running: true }, NOW)).toBe(false);
    expect(isIngestUpdating({ running: true, updatedAt: 'not a date' }, NOW)).toBe(false);
  });

  it('the other variant shows the badge on running alone', () => {
    expect(isIngestUpdating({ running: true, updatedAt: minutesAgo(60) }, NOW, true)).toBe(true);
    expect(isIngestUpdating({ running: true, updatedAt: null }, NOW, true)).toBe(true);
    expect(isIngestUpdating({ running: false, updatedAt: minutesAgo(1) }, NOW, true)).toBe(false);
  });

  it('keeps the spec constant of 10 minutes', () => {
    expect(INGEST_STALE_AFTER_MS).toBe(600_000);
  });
});
