import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startLiveLeague } from '../../server/modules/ingest/live/live-league.js';
import type { LeagueOptions } from '../../server/modules/ingest/simulated/league-options.js';

/**
 * The live league's clock runs this many times faster than the wall clock. A new match starts every interval and
 * completes once its play time (about 10-50 minutes) has passed on this clock, so in the steady state one match
 * completes per interval whatever the speed; a fast clock only makes the steady state come sooner.
 */
const CLOCK_SPEED = 60;
/** Priming stops after this many intervals even if no match has completed yet (it never takes half of them). */
const MOST_PRIMING_TICKS = 200;

export interface LiveLeagueDriver {
  /** Live matches completed so far. */
  completedMatches(): Promise<number>;
  stop(): Promise<void>;
}

/** The live league in a process of its own (see spawnLiveLeague), with that process's id for its CPU. */
export interface LiveLeagueProcess extends LiveLeagueDriver {
  pid: number;
  /** Seconds each interval's write took so far, in order. */
  intervalSeconds(): readonly number[];
}

/** Said on standard output by the live league's process once it has primed the league. */
export const LIVE_LEAGUE_READY = 'live league ready';
/** Starts a line the live league's process says after each interval: the seconds its write took. */
export const LIVE_INTERVAL_LINE = 'live interval ';

/**
 * The live matches completed so far. Their ids start with `sim-live-`, asked as a range of the external id's unique
 * index: under the cluster's C.UTF-8 collation PostgreSQL reads a LIKE prefix through no index, and scanned the
 * million matches (125 ms of three processes) at each measured window's start and end.
 */
async function countCompletedLiveMatches(pool: pg.Pool): Promise<number> {
  const result = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM matches WHERE status = 'complete' AND external_id >= 'sim-live-' AND external_id < 'sim-live.'`,
  );
  return Number(result.rows[0]!.n);
}

/**
 * The server's live mode (INGEST_LIVE, server/modules/ingest/live/live-league.ts) run on the benchmark league
 * from this process: it regenerates the league's final state from the bench options, starts a match every
 * `intervalSeconds` and completes the ones whose play time has passed, through the real ingest writer, which
 * announces each change by NOTIFY, the way every server process other than the writer's own hears it. Before it
 * returns, it plays intervals at once until the first live match has completed, so that matches complete at the
 * steady rate from the start of a measured run.
 */
export async function startLiveLeagueDriver(
  databaseUrl: string, league: LeagueOptions, intervalSeconds: number, onInterval?: (seconds: number) => void,
): Promise<LiveLeagueDriver> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const newest = await pool.query<{ at: Date }>('SELECT max(started_at) AS at FROM matches');
  const clockStart = newest.rows[0]!.at.getTime();
  const wallStart = Date.now();
  let skippedMs = 0;
  const now = () => new Date(clockStart + skippedMs + (Date.now() - wallStart) * CLOCK_SPEED);
  const completedMatches = () => countCompletedLiveMatches(pool);

  const live = await startLiveLeague({
    pool,
    intervalSeconds,
    now,
    onInterval,
    // Its end time is the newest generated match's start, which the live league reads from the database.
    league,
    logger: { info: () => undefined, warn: (details, message) => console.error(message, details) },
  });
  if (!live) {
    await pool.end();
    throw new Error('the benchmark league holds no generated matches (sim-*): build it with npm run bench:ingest');
  }
  for (let tick = 0; tick < MOST_PRIMING_TICKS && (await completedMatches()) === 0; tick += 1) {
    skippedMs += intervalSeconds * 1000 * CLOCK_SPEED;
    await live.tick();
  }
  return {
    completedMatches,
    async stop() {
      await live.stop();
      await pool.end();
    },
  };
}

/**
 * startLiveLeagueDriver in a process of its own (bench/lib/live-league-worker.ts, on the BENCH_* league), like a
 * writer deployed beside the servers: its CPU is measured apart from the readers', and its work never stalls the
 * event loop timing them. Its intervals' write times are read from its output. Resolves once the league is primed.
 */
export async function spawnLiveLeague(databaseUrl: string, intervalSeconds: number): Promise<LiveLeagueProcess> {
  const worker = fileURLToPath(new URL('./live-league-worker.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, LIVE_DATABASE_URL: databaseUrl, LIVE_INTERVAL_SECONDS: String(intervalSeconds) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const intervals: number[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop()!;
      for (const line of lines) {
        if (line === LIVE_LEAGUE_READY) resolve();
        if (line.startsWith(LIVE_INTERVAL_LINE)) intervals.push(Number(line.slice(LIVE_INTERVAL_LINE.length)));
      }
    });
    child.once('exit', (code) => reject(new Error(`the live league's process ended (exit ${code}) before it was ready`)));
  });
  await ready;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  return {
    pid: child.pid!,
    completedMatches: () => countCompletedLiveMatches(pool),
    intervalSeconds: () => intervals,
    async stop() {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await pool.end();
    },
  };
}
