import pg from 'pg';
import { benchDataDir, benchLeagueOptions, holdsBenchLeague, ingestBenchLeague, openBenchDatabase } from './lib/bench-league.js';
import { benchConfig, listenBenchApp, type BenchApp } from './lib/bench-server.js';
import { loadOptionsFromEnv, measure, type LoadResult } from './lib/load.js';
import { captureQueries, worstFilter, type PlanFinding } from './lib/query-plans.js';
import { pickSamples, type Samples } from './lib/samples.js';

/** A plan node may read and drop at most this many rows by a filter: more means a scan where an index should be. */
const FILTER_LIMIT = 1000;

interface Read {
  name: string;
  paths: string[];
}

function readsOf(samples: Samples): Read[] {
  const league = 'sal-beginner';
  return [
    { name: 'ranking page 1', paths: ['/api/sal/user/ranking?limit=100&skip=0'] },
    { name: `ranking past row ${samples.deepRankingSkip.toLocaleString('en')}`, paths: [`/api/sal/user/ranking?limit=100&skip=${samples.deepRankingSkip}`] },
    { name: 'clan detail', paths: samples.clans.map((clan) => `/api/league/${league}/clan-detail/${clan.slug}`) },
    { name: 'clan matches page 1', paths: samples.clans.map((clan) => `/api/league/${league}/clan-matches/${clan.slug}?skip=0&limit=20`) },
    { name: 'clan matches, last page', paths: samples.clans.map((clan) => `/api/league/${league}/clan-matches/${clan.slug}?skip=${Math.max(0, clan.matches - 20)}&limit=20`) },
    { name: 'match detail', paths: samples.matchIds.map((id) => `/api/league/match-detail/${id}`) },
    { name: 'player summary', paths: samples.playerIds.map((id) => `/api/league/player/${id}/summary`) },
    { name: 'player recent', paths: samples.playerIds.map((id) => `/api/league/player/${id}/recent?skip=0&limit=20`) },
    { name: 'sal-mixed search', paths: samples.keywords.map((keyword) => `/api/resolve/sal-mixed?keyword=${encodeURIComponent(keyword)}`) },
  ];
}

interface Row {
  read: Read;
  plain: LoadResult;
  cached: LoadResult;
  plan: PlanFinding;
}

function printRows(health: LoadResult, rows: Row[]): void {
  const share = (value: number) => `${((value / health.requestsPerSecond) * 100).toFixed(0)}%`;
  console.log('| read | req/s | % of H | p50 ms | p99 ms | cached req/s | % of H | cached p99 ms | rows removed by filter |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`| H: /api/health | ${health.requestsPerSecond} | 100% | ${health.p50} | ${health.p99} | - | - | - | - |`);
  for (const { read, plain, cached, plan } of rows) {
    console.log(`| ${read.name} | ${plain.requestsPerSecond} | ${share(plain.requestsPerSecond)} | ${plain.p50} | ${plain.p99} | ` +
      `${cached.requestsPerSecond} | ${share(cached.requestsPerSecond)} | ${cached.p99} | ${plan.rowsRemovedByFilter} |`);
  }
}

/** Every target of the statistics API issue, as lines that say which hold. */
function checkTargets(health: LoadResult, rows: Row[]): string[] {
  const problems: string[] = [];
  const byName = (prefix: string) => rows.find((row) => row.read.name.startsWith(prefix));
  for (const { read, plain, cached, plan } of rows) {
    if (plain.errors + plain.non2xx + cached.errors + cached.non2xx > 0) problems.push(`${read.name}: errors or non-2xx answers`);
    if (plain.p99 > 50) problems.push(`${read.name}: p99 ${plain.p99} ms > 50 ms`);
    if (plain.requestsPerSecond < health.requestsPerSecond * 0.1) problems.push(`${read.name}: below 10% of H`);
    if (cached.requestsPerSecond < health.requestsPerSecond * 0.3) problems.push(`${read.name}: cached below 30% of H`);
    if (plan.rowsRemovedByFilter > FILTER_LIMIT) problems.push(`${read.name}: ${plan.rowsRemovedByFilter} rows removed by filter (${plan.where})`);
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
 * computed) and on one with it (answers from memory after the warm-up); the plans of its queries are checked.
 */
async function main(): Promise<void> {
  const leagueOptions = benchLeagueOptions();
  const dataDir = benchDataDir(leagueOptions);
  const bench = await openBenchDatabase(dataDir, { fresh: false });
  const servers: BenchApp[] = [];
  try {
    if (!(await holdsBenchLeague(bench, leagueOptions))) {
      console.log('building the benchmark league first (npm run bench:ingest measures this step)');
      await ingestBenchLeague(bench, leagueOptions);
      process.stdout.write('\n');
    }
    const config = benchConfig(dataDir);
    const plain = await listenBenchApp(bench.database, config, { publicReadCache: false });
    const cached = await listenBenchApp(bench.database, config, { publicReadCache: true });
    servers.push(plain, cached);
    const options = loadOptionsFromEnv();
    const samples = await pickSamples(bench.pool);
    console.log(`${leagueOptions.players?.toLocaleString('en')} players, ${leagueOptions.matches?.toLocaleString('en')} matches; ` +
      `${options.connections} connections, ${options.warmupSeconds} s warm-up, ${options.seconds} s measured`);

    const health = await measure('H', plain.url, ['/api/health'], options);
    const rows: Row[] = [];
    for (const read of readsOf(samples)) {
      const queries = await captureQueries(async () => {
        const response = await fetch(`${plain.url}${read.paths[0]}`);
        if (!response.ok) throw new Error(`${read.name}: ${read.paths[0]} answered ${response.status}`);
      });
      const plan = await worstFilter(bench.pool as pg.Pool, queries);
      rows.push({ read, plan, plain: await measure(read.name, plain.url, read.paths, options), cached: await measure(read.name, cached.url, read.paths, options) });
      process.stdout.write(`  measured ${read.name}\n`);
    }
    printRows(health, rows);
    const problems = checkTargets(health, rows);
    console.log(problems.length ? `\ntargets missed:\n- ${problems.join('\n- ')}` : '\nevery target met');
    if (problems.some((problem) => problem.includes('removed by filter') || problem.includes('errors'))) process.exitCode = 1;
  } finally {
    for (const server of servers) await server.close();
    await bench.close();
  }
}

await main();
