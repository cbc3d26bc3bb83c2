import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type OpenDatabase } from '../../server/db/bootstrap.js';
import { withDatabase } from '../../server/db/connection-url.js';
import { withPgClient } from '../../server/db/with-client.js';
import { ensureLeagues } from '../../server/db/seed.js';
import { IngestWriter, type IngestSummary } from '../../server/modules/ingest/ingest-writer.js';
import { generateLeague } from '../../server/modules/ingest/simulated/league-generator.js';
import type { LeagueOptions } from '../../server/modules/ingest/simulated/league-options.js';

const quiet = { info: () => undefined, debug: () => undefined };

/**
 * Clan shares per division of the benchmark league (sal-beginner, supply-1, supply-2, sanply). The SAL ranking
 * reads the sal-beginner pool; with the default 40% share a 100,000-player league ranks about 37,000 players
 * there, too few for the "a page past row 50,000", so the bench gives the beginner league 60%.
 */
const BENCH_DIVISION_SHARES = [60, 15, 15, 10] as const;

/** The benchmark league: 100,000 players and 1,000,000 matches over a year unless BENCH_PLAYERS/BENCH_MATCHES say less. */
export function benchLeagueOptions(): LeagueOptions {
  return {
    seed: 'bench',
    players: Number(process.env.BENCH_PLAYERS ?? 100_000),
    matches: Number(process.env.BENCH_MATCHES ?? 1_000_000),
    days: 365,
    endAt: new Date('2026-11-01T12:00:00Z'),
    divisionShares: BENCH_DIVISION_SHARES,
  };
}

/** The folder the benchmark league lives in (kept between runs: building it takes minutes); named by its shape. */
export function benchDataDir(options: LeagueOptions): string {
  const shares = options.divisionShares ? `-d${options.divisionShares.join('-')}` : '';
  return path.resolve('.data', `bench-${options.players}-${options.matches}${shares}`);
}

export interface BenchDatabase {
  database: OpenDatabase;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Opens (starting the embedded PostgreSQL unless DATABASE_URL is set) the benchmark league's database. */
export async function openBenchDatabase(dataDir: string, options: { fresh: boolean }): Promise<BenchDatabase> {
  if (options.fresh && !process.env.DATABASE_URL) await rm(dataDir, { recursive: true, force: true });
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase(config, quiet);
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  return {
    database,
    pool,
    async close() {
      await pool.end();
      await database.close();
    },
  };
}

/**
 * Ingests the generated league into an empty database, printing progress on one line, then has PostgreSQL gather
 * the new tables' statistics (not part of the ingest's time). A site's server has autovacuum do that within a
 * minute of the load; the benchmark's cluster runs only while a benchmark does, so without this the reads measured
 * next ran on plans made without statistics (a hash join over every player for each listed match: the match lists
 * cost PostgreSQL 3-4x the CPU at 10,000 players / 40,000 matches) until autovacuum came round mid-measurement.
 */
export async function ingestBenchLeague(bench: BenchDatabase, options: LeagueOptions): Promise<IngestSummary> {
  await ensureLeagues(bench.database.prisma);
  const total = options.matches ?? 0;
  const summary = await IngestWriter.run(bench.pool, generateLeague(options), {
    onProgress: (read) => process.stdout.write(`\r  ingest ${read.toLocaleString('en')} / ${total.toLocaleString('en')} matches`),
  });
  await bench.pool.query('ANALYZE');
  return summary;
}

/** True when the database already holds the benchmark league (same match count). */
export async function holdsBenchLeague(bench: Pick<BenchDatabase, 'pool'>, options: LeagueOptions): Promise<boolean> {
  const result = await bench.pool.query<{ n: string }>('SELECT count(*) AS n FROM matches');
  return Number(result.rows[0]?.n) === options.matches;
}

export interface BenchDatabaseCopy {
  url: string;
  drop(): Promise<void>;
}

/**
 * A throw-away copy of the benchmark league's database, next to it in the same cluster, for a run that writes
 * (live matches, chat members): the league itself stays as `npm run bench:ingest` built it. PostgreSQL copies the
 * files, which needs the original without connections: call this before anything else reads it. A copy left by
 * an interrupted run is replaced.
 */
export async function copyBenchDatabase(bench: BenchDatabase, name: string): Promise<BenchDatabaseCopy> {
  const original = decodeURIComponent(new URL(bench.database.url).pathname.slice(1));
  const maintenanceUrl = withDatabase(bench.database.url, 'postgres');
  const drop = () => withPgClient(maintenanceUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  await drop();
  await withPgClient(maintenanceUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${original}" STRATEGY FILE_COPY`));
  return {
    url: withDatabase(bench.database.url, name),
    async drop() {
      await drop();
    },
  };
}
