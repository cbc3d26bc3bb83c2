import pg from 'pg';
import { WEB_DIST_DIR } from '../server/app.js';
import { ensureWebBuilt } from '../server/web-build.js';
import { benchDataDir, benchLeagueOptions, holdsBenchLeague, ingestBenchLeague, openBenchDatabase } from './lib/bench-league.js';
import { benchConfig, listenBenchApp, startBenchProcess, type BenchApp } from './lib/bench-server.js';
import { stopServerProcess, type ServerProcess } from '../tests/helpers/server-process.js';
import { loadOptionsFromEnv, measure, type LoadResult } from './lib/load.js';
import { captureQueries } from '../tests/helpers/captured-queries.js';
import { worstRemoval, type PlanFinding } from './lib/query-plans.js';
import { measurePreviewCost } from './lib/preview-cost.js';
import { readsOf, type Read } from './lib/reads.js';
import { DEEP_RANKING_ROW, pickSamples, type Samples } from './lib/samples.js';

/** A plan node may read and drop at most this many rows (filter, join filter, recheck): more means a scan where an index should be. */
const REMOVED_LIMIT = 1000;
/** How many of a read's sample paths have their queries explained (the first alone may be an easy one). */
const PLAN_SAMPLES = 3;

/** What the queries of a read's first sample paths show: the worst plan node and the most statements one request sent. */
interface QueryFindings {
  plan: PlanFinding;
  statements: number;
}

/**
 * The worst plan node over the queries of a read's first few sample paths, and the statements (round trips to
 * PostgreSQL) one request sent. Each path is asked once before its queries are captured: the first read after a
 * change of league data also builds the league's snapshots (the ranking order and the standings, one read of the
 * league's pool each), which no later read repeats until the data changes again; the check is about what every
 * request costs.
 */
async function explainRead(pool: pg.Pool, baseUrl: string, read: Read): Promise<QueryFindings> {
  let worst: PlanFinding = { rowsRemoved: 0, where: '-' };
  let statements = 0;
  for (const path of read.paths.slice(0, PLAN_SAMPLES)) {
    await fetch(`${baseUrl}${path}`).then((response) => response.arrayBuffer());
    const queries = await captureQueries(async () => {
      const response = await fetch(`${baseUrl}${path}`);
      if (!response.ok) throw new Error(`${read.name}: ${path} answered ${response.status}`);
    });
    statements = Math.max(statements, queries.length);
    const finding = await worstRemoval(pool, queries);
    if (finding.rowsRemoved > worst.rowsRemoved) worst = finding;
  }
  return { plan: worst, statements };
}

interface Row {
  read: Read;
  plain: LoadResult;
  cached: LoadResult;
  plan: PlanFinding;
  statements: number;
}

function printRows(health: LoadResult, rows: Row[]): void {
  const share = (value: number) => `${((value / health.requestsPerSecond) * 100).toFixed(0)}%`;
  const cores = (result: LoadResult) => result.serverCores?.toFixed(2) ?? '-';
  console.log('| read | req/s | % of H | p50 ms | p99 ms | server cores | cached req/s | % of H | cached p99 ms | cached server cores | rows removed (worst node) | statements |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`| H: /api/health | ${health.requestsPerSecond} | 100% | ${health.p50} | ${health.p99} | ${cores(health)} | - | - | - | - | - | - |`);
  for (const { read, plain, cached, plan, statements } of rows) {
    console.log(`| ${read.name} | ${plain.requestsPerSecond} | ${share(plain.requestsPerSecond)} | ${plain.p50} | ${plain.p99} | ${cores(plain)} | ` +
      `${cached.requestsPerSecond} | ${share(cached.requestsPerSecond)} | ${cached.p99} | ${cores(cached)} | ${plan.rowsRemoved} | ${statements} |`);
  }
}

/** Every target of the statistics API issue, as lines that say which hold. */
function checkTargets(health: LoadResult, rows: Row[], samples: Samples): string[] {
  const problems: string[] = [];
  const { skip, ranked } = samples.deepRanking;
  if (skip < DEEP_RANKING_ROW) {
    problems.push(`ranking past row ${DEEP_RANKING_ROW.toLocaleString('en')}: not measured, the sal-beginner pool ranks only ` +
      `${ranked.toLocaleString('en')} players, so the deep read starts at row ${skip.toLocaleString('en')}`);
  }
  const byName = (prefix: string) => rows.find((row) => row.read.name.startsWith(prefix));
  for (const { read, plain, cached, plan } of rows) {
    if (plain.errors + plain.non2xx + cached.errors + cached.non2xx > 0) problems.push(`${read.name}: errors or non-2xx answers`);
    if (plain.p99 > 50) problems.push(`${read.name}: p99 ${plain.p99} ms > 50 ms`);
    if (plain.requestsPerSecond < health.requestsPerSecond * 0.1) problems.push(`${read.name}: below 10% of H`);
    if (cached.requestsPerSecond < health.requestsPerSecond * 0.3) problems.push(`${read.name}: cached below 30% of H`);
    if (plan.rowsRemoved > REMOVED_LIMIT) problems.push(`${read.name}: ${plan.rowsRemoved} rows removed (${plan.where})`);
  }
  const pairs: Array<[string, string]> = [['ranking page 1', 'ranking past row'], ['clan matches page 1', 'clan matches, last page']];
  for (const [first, deep] of pairs) {
    const a = byName(first);
    const b = byName(deep);
    if (a && b && b.plain.p99 > 2 * Math.max(a.plain.p99, 1)) problems.push(`${b.read.name}: p99 ${b.plain.p99} ms > 2 x ${a.plain.p99} ms of page 1`);
  }
  return problems;
}

/**
 * `npm run bench`: the statistics reads on the benchmark league (built first if missing: `npm run bench:ingest`
 * builds it and measures ingest). Each read runs on a server without the public-read cache (every answer
 * computed) and on one with it (answers from memory after the warm-up); the plans of the queries of its first
 * few sample paths are checked.
 */
async function main(): Promise<void> {
  // The page reads serve the built app, in this process too (the plan check), so it must exist before any app starts.
  ensureWebBuilt(WEB_DIST_DIR, { info: (message) => console.log(message) });
  const leagueOptions = benchLeagueOptions();
  const dataDir = benchDataDir(leagueOptions);
  const bench = await openBenchDatabase(dataDir, { fresh: false });
  const servers: BenchApp[] = [];
  const processes: ServerProcess[] = [];
  try {
    if (!(await holdsBenchLeague(bench, leagueOptions))) {
      console.log('building the benchmark league first (npm run bench:ingest measures this step)');
      await ingestBenchLeague(bench, leagueOptions);
      process.stdout.write('\n');
    }
    // The servers under load run as `npm start` runs them, each in its own process, so the load generator never
    // shares their event loop; one more app in this process serves only the plan check, which reads the SQL the
    // reads send.
    const explained = await listenBenchApp(bench.database, benchConfig(dataDir), { publicReadCache: false });
    servers.push(explained);
    const plain = await startBenchProcess(bench.database.url, { publicReadCache: false });
    processes.push(plain);
    const cached = await startBenchProcess(bench.database.url, { publicReadCache: true });
    processes.push(cached);
    const options = loadOptionsFromEnv();
    const samples = await pickSamples(bench.pool);
    console.log(`${leagueOptions.players?.toLocaleString('en')} players, ${leagueOptions.matches?.toLocaleString('en')} matches; ` +
      `${options.connections} connections, ${options.warmupSeconds} s warm-up, ${options.seconds} s measured`);

    const health = await measure('H', plain.url, ['/api/health'], options, plain.child.pid);
    const rows: Row[] = [];
    console.log(`SAL ranking pool: ${samples.deepRanking.ranked.toLocaleString('en')} ranked players; deep page at skip ` +
      samples.deepRanking.skip.toLocaleString('en'));
    // BENCH_ONLY="clan maps,player comparison" measures only the reads whose names start so (H is always measured).
    const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
    for (const read of readsOf(samples).filter((candidate) => !only || only.some((name) => candidate.name.startsWith(name)))) {
      const { plan, statements } = await explainRead(bench.pool, explained.url, read);
      rows.push({
        read,
        plan,
        statements,
        plain: await measure(read.name, plain.url, read.paths, options, plain.child.pid),
        cached: await measure(read.name, cached.url, read.paths, options, cached.child.pid),
      });
      process.stdout.write(`  measured ${read.name}\n`);
    }
    printRows(health, rows);
    const cost = await measurePreviewCost(bench.database.prisma, samples.clans.map((clan) => clan.slug));
    console.log(`\nlink preview cards, first render of ${cost.cards} clans one at a time: p50 ${cost.p50} ms, p99 ${cost.p99} ms, ` +
      `max ${cost.max} ms; ${Math.round(cost.averageBytes / 1024)} KB each; the service holds ${cost.heapMegabytes} MB of heap ` +
      `and ${cost.buffersMegabytes} MB of buffers (fonts and cards)`);
    const problems = checkTargets(health, rows, samples);
    console.log(problems.length ? `\ntargets missed:\n- ${problems.join('\n- ')}` : '\nevery target met');
    if (problems.some((problem) => problem.includes('rows removed') || problem.includes('errors') || problem.includes('not measured'))) {
      process.exitCode = 1;
    }
  } finally {
    for (const server of processes) await stopServerProcess(server);
    for (const server of servers) await server.close();
    await bench.close();
  }
}

await main();
