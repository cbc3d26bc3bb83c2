import pg from 'pg';
import type { Database } from './client.js';
import { LEAGUE_CATALOG } from '../modules/stats-core/league-catalog.js';
import { generateLeague, IngestWriter } from '../modules/ingest/ingest-api.js';

interface Logger {
  info(message: string): void;
}

/**
 * The simulated league the demo shows: its newest match is "now" (or DEMO_END_AT), so pages show recent times.
 * Which clans moved, who leads and who played how often all depend on that end, so tests never rely on them.
 */
export const DEMO_LEAGUE_SEED = 'sal-demo';

/** True when the database holds no league data yet: the demo seed only ever fills an empty database. */
export async function isDatabaseEmpty(prisma: Database): Promise<boolean> {
  return (await prisma.match.count()) === 0 && (await prisma.clan.count()) === 0;
}

/** Creates the league divisions (idempotent; every source's records refer to them). */
export async function ensureLeagues(prisma: Database): Promise<void> {
  await prisma.league.createMany({ data: LEAGUE_CATALOG.map((league) => ({ ...league })), skipDuplicates: true });
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * Fills an empty database with the demo data: the leagues and a simulated season ingested like any source, its
 * newest match at `endAt` (default: now), to the minute.
 */
export async function seedDemoData(prisma: Database, databaseUrl: string, logger: Logger, endAt = new Date()): Promise<void> {
  const started = Date.now();
  await ensureLeagues(prisma);
  const end = new Date(Math.floor(endAt.getTime() / 60_000) * 60_000);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const league = generateLeague({ seed: DEMO_LEAGUE_SEED, endAt: end });
  const total = league.matchCount;
  let reportedQuarter = 0;
  const onProgress = (matchesRead: number) => {
    const quarter = Math.floor((matchesRead / total) * 4);
    if (quarter <= reportedQuarter || quarter >= 4) return;
    reportedQuarter = quarter;
    logger.info(`demo league: ${count(matchesRead)} of ${count(total)} matches loaded`);
  };
  try {
    const summary = await IngestWriter.run(pool, league, { onProgress });
    logger.info(
      `demo league loaded: ${count(summary.newMatches)} matches, ${count(summary.players)} players, ${count(summary.clans)} clans ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await pool.end();
  }
}
