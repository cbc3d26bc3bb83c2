import pg from 'pg';
import { parseDemoEndAt } from '../../server/config.js';
import { ensureLeagues } from '../../server/db/seed.js';
import { EVERYTHING } from '../../server/modules/ingest/ingest-api.js';
import { IngestWriter, type IngestSummary } from '../../server/modules/ingest/ingest-writer.js';
import type { LeagueOptions } from '../../server/modules/ingest/simulated/league-options.js';
import { generateLeague } from '../../server/modules/ingest/simulated/league-generator.js';
import type { IngestRecord } from '../../server/contracts/ingest-record.js';
import { dropKeptPages, EVERY_KEPT_PAGE } from '../../server/modules/stats-core/kept-match-pages.js';
import { createTestApp, type TestContext } from './test-app.js';

/**
 * When the test league ends: DEMO_END_AT when set (the same variable that moves the demo league, so one setting
 * runs every suite "as of" another day), else a fixed day. Which clans lead, move or streak changes with it, so
 * tests find what they need by a stated condition, never by a name or a place they once saw.
 */
export const TEST_LEAGUE_END_AT = process.env.DEMO_END_AT ? parseDemoEndAt(process.env.DEMO_END_AT) : new Date('2026-11-01T12:00:00Z');

/** A small simulated league, the same on every run with the same end: 16 clans, 400 players, 1,500 matches over 30 days. */
export const SMALL_LEAGUE: LeagueOptions = {
  seed: 'api-test',
  players: 400,
  clans: 16,
  matches: 1500,
  days: 30,
  endAt: TEST_LEAGUE_END_AT,
  recordingCount: 3,
};

export interface LeagueTestContext extends TestContext {
  /** The records that were ingested, for tests that derive expectations from the source. */
  records: IngestRecord[];
  /** A raw pool on the test database, for tests that inspect or change rows directly. */
  pool: pg.Pool;
  /** Ingests more records as the server's own ingest would: its readers hear of the change at once. */
  ingest(records: Iterable<IngestRecord>): Promise<IngestSummary>;
}

/**
 * After a test changed league rows behind the app's back (a raw UPDATE), what a write of everything does: deletes
 * every kept answer (ingest does it in the write's transaction) and announces the change, which clears the
 * public-read cache and the league snapshots.
 */
export async function announceWriteOfEverything(context: Pick<LeagueTestContext, 'app' | 'pool'>): Promise<void> {
  await dropKeptPages((sql, params) => context.pool.query(sql, params), EVERY_KEPT_PAGE);
  await context.app.leagueDataChanges.announce(EVERYTHING);
}

/** The real app on its own database, filled with a simulated league through the real ingest pipeline. */
export async function createLeagueTestApp(
  options: LeagueOptions = SMALL_LEAGUE,
  overrides: Record<string, string> = {},
  appOptions: Parameters<typeof createTestApp>[1] = {},
): Promise<LeagueTestContext> {
  const context = await createTestApp(overrides, appOptions);
  await ensureLeagues(context.db.prisma);
  const records = [...generateLeague(options)];
  const pool = new pg.Pool({ connectionString: context.db.url, max: 3 });
  const ingest = (more: Iterable<IngestRecord>) => IngestWriter.run(pool, more, { announce: context.app.leagueDataChanges.announce });
  await ingest(records);
  return {
    ...context,
    records,
    pool,
    ingest,
    async close() {
      await pool.end();
      await context.close();
    },
  };
}
