import path from 'node:path';
import { parentPid } from './lib/cpu-usage.js';
import { benchDataDir, benchLeagueOptions, holdsBenchLeague, openBenchDatabase } from './lib/bench-league.js';
import { startBenchProcess } from './lib/bench-server.js';
import { stopServerProcess, type ServerProcess } from '../tests/helpers/server-process.js';
import { loadOptionsFromEnv, measure, type LoadResult } from './lib/load.js';
import { readsOf, type Read } from './lib/reads.js';
import { pickSamples } from './lib/samples.js';

/** Passes per side, taken in turn (base, this, base, this): a change of load during the run hits both sides alike. */
const PASSES = 2;

/** The paths of a read on which the two servers answer differently (the bodies as a reader's browser gets them). */
async function differingPaths(read: Read, base: ServerProcess, current: ServerProcess): Promise<string[]> {
  const differing: string[] = [];
  for (const samplePath of read.paths) {
    const [before, after] = await Promise.all([base, current].map(async (server) => {
      const response = await fetch(`${server.url}${samplePath}`);
      return `${response.status} ${Buffer.from(await response.arrayBuffer()).toString('base64')}`;
    }));
    if (before !== after) differing.push(samplePath);
  }
  return differing;
}

const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

/**
 * `BENCH_BASE=<another checkout> npm run bench:compare`: the computed reads (no public-read cache) of this checkout
 * beside those of another checkout of the site (the code before a change, with its own `npm ci` and web build), on
 * the same benchmark league in the same run, so the ratio holds whatever else the shared machine does. Both servers
 * first answer every sample path of every read, and the bodies must be the same bytes: a change that makes a read
 * cheaper must not change its answer. Then each read is measured on both servers in turn, PASSES times each, with
 * the CPU each answer cost the server and PostgreSQL (both servers share the league's PostgreSQL; only the measured
 * one asks it anything during a pass).
 * BENCH_ONLY, BENCH_PLAYERS, BENCH_MATCHES and the load options work as for `npm run bench`.
 */
async function main(): Promise<void> {
  const baseRoot = process.env.BENCH_BASE;
  if (!baseRoot) throw new Error('BENCH_BASE must name the checkout to compare with (for example a `git worktree` of main)');
  const leagueOptions = benchLeagueOptions();
  const bench = await openBenchDatabase(benchDataDir(leagueOptions), { fresh: false });
  const servers: ServerProcess[] = [];
  try {
    if (!(await holdsBenchLeague(bench, leagueOptions))) throw new Error('no benchmark league of this size: run `npm run bench:ingest` first');
    const base = await startBenchProcess(bench.database.url, { publicReadCache: false, root: path.resolve(baseRoot) });
    servers.push(base);
    const current = await startBenchProcess(bench.database.url, { publicReadCache: false });
    servers.push(current);
    const backend = await bench.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postgresPid = parentPid(backend.rows[0]!.pid);
    const options = loadOptionsFromEnv();
    const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
    const reads = readsOf(await pickSamples(bench.pool)).filter((read) => !only || only.some((name) => read.name.startsWith(name)));
    console.log(`base ${path.resolve(baseRoot)} against ${process.cwd()}; ${leagueOptions.players?.toLocaleString('en')} players, ` +
      `${leagueOptions.matches?.toLocaleString('en')} matches; ${options.connections} connections, ${options.warmupSeconds} s warm-up, ` +
      `${options.seconds} s measured, ${PASSES} passes each, taken in turn`);
    const problems: string[] = [];
    const lines: string[] = [];
    for (const read of reads) {
      const differing = await differingPaths(read, base, current);
      if (differing.length > 0) problems.push(`${read.name}: ${differing.length} of ${read.paths.length} answers differ, e.g. ${differing[0]}`);
      const passes: Record<'base' | 'current', LoadResult[]> = { base: [], current: [] };
      for (let pass = 0; pass < PASSES; pass += 1) {
        passes.base.push(await measure(read.name, base.url, read.paths, options, base.child.pid, postgresPid));
        passes.current.push(await measure(read.name, current.url, read.paths, options, current.child.pid, postgresPid));
      }
      const summary = (results: LoadResult[]) => {
        const requestsPerSecond = mean(results.map((result) => result.requestsPerSecond));
        const cores = (of: (result: LoadResult) => number | undefined) =>
          results.reduce((sum, result) => sum + (of(result) ?? 0), 0) / results.length;
        const msPerAnswer = (busyCores: number) => ((busyCores * 1000) / Math.max(requestsPerSecond, 1)).toFixed(1);
        return {
          requestsPerSecond,
          p99: mean(results.map((result) => result.p99)),
          // Server CPU per answer: what the read costs the server process, less sensitive than req/s to what
          // else the machine runs.
          cpuMs: msPerAnswer(cores((result) => result.serverCores)),
          // PostgreSQL's CPU per answer: the other half of what an answer costs the machine.
          postgresMs: msPerAnswer(cores((result) => result.postgresCores)),
          failures: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
        };
      };
      const before = summary(passes.base);
      const after = summary(passes.current);
      if (before.failures + after.failures > 0) problems.push(`${read.name}: errors or non-2xx answers`);
      lines.push(`| ${read.name} | ${before.requestsPerSecond} | ${after.requestsPerSecond} | ` +
        `${(after.requestsPerSecond / Math.max(before.requestsPerSecond, 1)).toFixed(2)} | ${before.p99} | ${after.p99} | ` +
        `${before.cpuMs} | ${after.cpuMs} | ${before.postgresMs} | ${after.postgresMs} | ${differing.length === 0 ? 'yes' : 'NO'} |`);
      process.stdout.write(`  measured ${read.name}\n`);
    }
    console.log('| read | base req/s | req/s | x base | base p99 ms | p99 ms | base server CPU ms/answer | server CPU ms/answer | ' +
      'base PostgreSQL CPU ms/answer | PostgreSQL CPU ms/answer | same answers |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const line of lines) console.log(line);
    console.log(problems.length ? `\nproblems:\n- ${problems.join('\n- ')}` : '\nevery answer the same on both');
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    for (const server of servers) await stopServerProcess(server);
    await bench.close();
  }
}

await main();
