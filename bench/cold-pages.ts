import { readFileSync } from 'node:fs';
import pg from 'pg';
import { Random } from '../server/modules/ingest/simulated/random.js';
import { stopServerProcess } from '../tests/helpers/server-process.js';
import { benchDataDir, benchLeagueOptions, copyBenchDatabase, holdsBenchLeague, openBenchDatabase } from './lib/bench-league.js';
import { startBenchProcess } from './lib/bench-server.js';
import { countCpuSeconds, parentPid } from './lib/cpu-usage.js';
import { openPage } from './lib/live-pages.js';
import type { PageVisit } from './lib/live-traffic.js';
import { ReaderBrowser, type ReadSample } from './lib/reader-browser.js';
import { readPopulation } from './lib/reader-population.js';

/**
 * `npm run bench:cold`: what one page opened for the first time costs, measured alone. On a throw-away copy of the
 * benchmark league (built by `npm run bench:ingest`), one reader opens BENCH_COLD_PAGES clan pages, then as many
 * player pages, one after another, each a page nobody opened before (the web's calls, its match details
 * included: bench/lib/live-pages.ts), and the server's and PostgreSQL's CPU, PostgreSQL's statements and the bytes
 * over loopback are counted around each series. The live benchmark's run from cold computes such pages by the
 * thousand; this says what each costs without the queueing of a loaded machine (docs/performance.md, "What a page
 * computed from cold costs").
 */

const PAGES = Number(process.env.BENCH_COLD_PAGES ?? 100);
/** Pages opened first and not counted: the server's code and the league's snapshots warm up. */
const WARM_UP_PAGES = 8;
const COPY_NAME = 'sal_bench_cold';

/** Bytes over the loopback interface so far (every process's: the machine runs nothing else then). */
function loopbackBytes(): number {
  const line = readFileSync('/proc/net/dev', 'utf8').split('\n').find((row) => row.trim().startsWith('lo:'));
  return Number(line?.trim().split(/\s+/)[1] ?? 0);
}

/** Transactions PostgreSQL counted on the database: each statement outside a transaction is one. */
async function transactions(pool: pg.Pool): Promise<number> {
  // PostgreSQL publishes a backend's counts at most once a second, when it is idle.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const { rows } = await pool.query<{ count: string }>(
    'SELECT xact_commit + xact_rollback AS count FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]!.count);
}

/** `count` distinct items of `items`, drawn by `random`. */
function distinct<T>(random: Random, items: readonly T[], count: number): T[] {
  const drawn = new Set<T>();
  while (drawn.size < Math.min(count, items.length)) drawn.add(random.pick(items));
  return [...drawn];
}

async function main(): Promise<void> {
  const leagueOptions = benchLeagueOptions();
  const original = await openBenchDatabase(benchDataDir(leagueOptions), { fresh: false });
  // Copied before anything reads the original (PostgreSQL copies a database nobody is connected to).
  const copy = await copyBenchDatabase(original, COPY_NAME);
  const pool = new pg.Pool({ connectionString: copy.url, max: 2 });
  let server: Awaited<ReturnType<typeof startBenchProcess>> | undefined;
  try {
    if (!(await holdsBenchLeague({ pool }, leagueOptions))) {
      throw new Error(`no benchmark league of ${leagueOptions.matches} matches: build it first with npm run bench:ingest (same BENCH_* settings)`);
    }
    server = await startBenchProcess(copy.url, { publicReadCache: true });
    const url = server.url;
    const serverPid = server.child.pid!;
    const backend = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postgresPid = parentPid(backend.rows[0]!.pid);
    const population = await readPopulation(pool);
    const random = new Random('bench-cold-pages');
    const samples: ReadSample[] = [];
    // A browser per page, as a reader opening it for the first time.
    const open = (visit: PageVisit) => openPage(new ReaderBrowser(url, (sample) => samples.push(sample)), visit, performance.now());
    const clans = distinct(random, population.clans, WARM_UP_PAGES + PAGES).map((clan): PageVisit => ({ kind: 'clan', ...clan }));
    const players = distinct(random, population.players, WARM_UP_PAGES + PAGES).map((playerId): PageVisit => ({ kind: 'player', playerId }));
    for (const visit of [...clans.slice(0, WARM_UP_PAGES), ...players.slice(0, WARM_UP_PAGES)]) await open(visit);

    console.log(`${PAGES} pages of each kind, each opened once, one after another (${WARM_UP_PAGES} of each before, not counted)\n`);
    console.log('| page, opened cold | wall ms | requests | statements | server CPU ms | PostgreSQL CPU ms | loopback KB |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [kind, visits] of [['clan page', clans.slice(WARM_UP_PAGES)], ['player page', players.slice(WARM_UP_PAGES)]] as const) {
      samples.length = 0;
      const statementsBefore = await transactions(pool);
      const serverCpu = countCpuSeconds(serverPid, { withChildren: false });
      const postgresCpu = countCpuSeconds(postgresPid, { withChildren: true });
      const loopbackBefore = loopbackBytes();
      const startedAt = performance.now();
      for (const visit of visits) await open(visit);
      const wallMs = performance.now() - startedAt;
      const [serverMs, postgresMs] = [serverCpu() * 1000, postgresCpu() * 1000];
      const loopback = loopbackBytes() - loopbackBefore;
      // Less the statement that counts them.
      const statements = (await transactions(pool)) - statementsBefore - 1;
      const failed = samples.filter((sample) => sample.failed).length;
      if (failed > 0) throw new Error(`${failed} reads of the ${kind}s failed`);
      const per = (value: number) => (value / visits.length).toFixed(1);
      console.log(`| ${kind} | ${per(wallMs)} | ${per(samples.length)} | ${per(statements)} | ${per(serverMs)} | ${per(postgresMs)} | ${per(loopback / 1024)} |`);
    }
  } finally {
    if (server) await stopServerProcess(server);
    await pool.end();
    await copy.drop();
    await original.close();
  }
}

await main();
