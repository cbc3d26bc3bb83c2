import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/bootstrap.js';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../tests/helpers/server-process.js';
import { benchConfig } from './lib/bench-server.js';
import { CuttableProxy } from './lib/cuttable-proxy.js';
import { createBenchDeals } from './lib/realtime-cast.js';
import { runLoad, type LoadRunOptions, type LoadRunResult } from './lib/realtime-load.js';
import { runReconnect, type Fault, type ReconnectRunResult } from './lib/realtime-reconnect.js';

const quiet = { info: () => undefined, debug: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The issue's targets on this 2-core machine. */
const TARGETS = { p99OneProcess: 100, p99TwoProcesses: 150, kilobytesPerConnection: 64 };
const STREAM_PER_SECOND = 100;

interface LoadRow {
  name: string;
  result: LoadRunResult;
  /** The 1-minute load average as the run ended (other work on the machine). */
  loadAverage: string;
}

function printLoad(rows: LoadRow[]): void {
  console.log('| run | connections | messages | p50 ms | p99 ms | max ms | lost | heard outside the room | heard twice | KB per connection | server CPU ms per message | load average |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { name, result: row, loadAverage } of rows) {
    console.log(`| ${name} | ${row.connections} | ${row.sent} | ${row.p50} | ${row.p99} | ${row.max} | ${row.lost} | ${row.misdelivered} | ${row.heardTwice} | ${row.kilobytesPerConnection} | ${row.serverCpuMsPerMessage.toFixed(2)} | ${loadAverage} |`);
  }
}

function printReconnect(rows: ReconnectRunResult[]): void {
  console.log('| reconnect run | sent | shown | lost | shown twice | order kept | pushes heard twice | send->shown p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.scenario} | ${row.sent} | ${row.shown} | ${row.lost} | ${row.shownTwice} | ${row.orderKept ? 'yes' : 'no'} | ${row.pushedTwice} | ${row.p50} | ${row.p99} | ${row.max} |`);
  }
}

function checkTargets(loads: LoadRow[], reconnects: ReconnectRunResult[]): string[] {
  const problems: string[] = [];
  for (const { name, result: row } of loads) {
    const p99 = name.startsWith('one process') ? TARGETS.p99OneProcess : TARGETS.p99TwoProcesses;
    if (row.p99 > p99) problems.push(`${name}: p99 ${row.p99} ms > ${p99} ms`);
    if (row.lost + row.misdelivered + row.failedSends > 0) problems.push(`${name}: ${row.lost} lost, ${row.misdelivered} heard outside the room, ${row.failedSends} sends failed`);
    if (row.kilobytesPerConnection > TARGETS.kilobytesPerConnection) problems.push(`${name}: ${row.kilobytesPerConnection} KB per connection`);
  }
  for (const row of reconnects) {
    if (row.lost > 0 || row.shownTwice > 0 || !row.orderKept) problems.push(`${row.scenario}: ${row.lost} lost, ${row.shownTwice} shown twice, order ${row.orderKept ? 'kept' : 'broken'}`);
  }
  return problems;
}

/** A checkout whose server the load runs start: this one, or another to compare with (BENCH_REALTIME_BASE). */
interface Side {
  name: string;
  root?: string;
}

/**
 * `npm run bench:realtime`: the live push under load and under faults, against real server processes (as
 * `npm start` runs them) on one embedded PostgreSQL. BENCH_CLIENTS (1,000), BENCH_RATE (20 messages/s) and
 * BENCH_SECONDS (60) size the load runs. BENCH_REALTIME_BASE names another checkout (with its own node_modules)
 * whose server takes the same load runs first, each run paired with this one's; BENCH_REALTIME_RUNS=load leaves
 * out the reconnect runs; BENCH_REALTIME_PROFILE names a folder where each server process writes its CPU profile
 * (`node --cpu-prof`) into a folder named by run and side when it stops.
 */
async function main(): Promise<void> {
  const clients = Number(process.env.BENCH_CLIENTS ?? 1000);
  const options: LoadRunOptions = {
    messagesPerSecond: Number(process.env.BENCH_RATE ?? 20),
    warmupSeconds: 5,
    seconds: Number(process.env.BENCH_SECONDS ?? 60),
  };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-bench-realtime-'));
  const config = benchConfig(dataDir);
  const database = await openDatabase(config, quiet);
  const env = {
    NODE_ENV: 'production', DATABASE_URL: database.url, JWT_SECRET: config.jwt.secret, DEMO_SEED: 'false',
    DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000',
  };
  const base = process.env.BENCH_REALTIME_BASE ? path.resolve(process.env.BENCH_REALTIME_BASE) : undefined;
  const sides: Side[] = base ? [{ name: 'base', root: base }, { name: 'this' }] : [{ name: 'this' }];
  const profileDir = process.env.BENCH_REALTIME_PROFILE ? path.resolve(process.env.BENCH_REALTIME_PROFILE) : undefined;
  const start = async (port?: number, side: Side = { name: 'this' }, run = '') => {
    const nodeArgs = profileDir && run ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, `${run}-${side.name}`)}`] : [];
    return startServerProcess({ ...env, PORT: String(port ?? await freePort()) }, undefined, side.root, nodeArgs);
  };
  const running: ServerProcess[] = [];
  const proxies: CuttableProxy[] = [];
  try {
    console.log(`${clients} clients in ${clients / 2} deal rooms, ${options.messagesPerSecond} messages/s, ${options.warmupSeconds} s warm-up, ${options.seconds} s measured`);
    const loads: LoadRow[] = [];
    const label = (run: string, side: Side) => (base ? `${run} (${side.name})` : run);
    // Fresh processes for every run, so each one's memory growth is its own connections'.
    for (const [run, processes] of [['one process', 1], ['two processes', 2]] as const) {
      for (const side of sides) {
        for (let count = 0; count < processes; count += 1) running.push(await start(undefined, side, run.replace(' ', '-')));
        const deals = await createBenchDeals(database, config, clients / 2, `${processes}${side.name}`);
        loads.push({ name: label(run, side), result: await runLoad(running, deals, options), loadAverage: loadavg()[0]!.toFixed(2) });
        process.stdout.write(`  measured ${label(run, side)}\n`);
        while (running.length) await stopServerProcess(running.pop());
      }
    }
    if (process.env.BENCH_REALTIME_RUNS === 'load') {
      printLoad(loads);
      const problems = checkTargets(loads, []);
      console.log(problems.length ? `\ntargets missed:\n- ${problems.join('\n- ')}` : '\nevery target met');
      return;
    }
    running.push(await start(), await start());

    // The reconnect runs: the buyer writes through the first process; the seller's socket reaches the second
    // through a line that can be cut.
    const proxy = new CuttableProxy(running[1]!.port);
    proxies.push(proxy);
    await proxy.listen();
    const cutFor = (ms: number): Fault => async () => {
      proxy.cut();
      await sleep(ms);
      proxy.restore();
    };
    const restartReceiver: Fault = async () => {
      await stopServerProcess(running[1], 'SIGKILL');
      running[1] = await start(running[1]!.port);
    };
    const scenarios: Array<[string, Fault]> = [
      ['transport cut for 5 s', cutFor(5000)],
      ['transport cut for 30 s', cutFor(30_000)],
      ["the seller's process killed and started again", restartReceiver],
    ];
    const reconnects: ReconnectRunResult[] = [];
    for (const [index, [scenario, fault]] of scenarios.entries()) {
      const [deal] = await createBenchDeals(database, config, 1, `re${index}`);
      reconnects.push(await runReconnect(scenario, deal!, running[0]!, { proxy, server: () => running[1]! }, fault, STREAM_PER_SECOND));
      process.stdout.write(`  measured ${scenario}\n`);
    }

    printLoad(loads);
    console.log('');
    printReconnect(reconnects);
    const problems = checkTargets(loads, reconnects);
    console.log(problems.length ? `\ntargets missed:\n- ${problems.join('\n- ')}` : '\nevery target met');
    if (problems.some((problem) => /lost|twice|order/.test(problem))) process.exitCode = 1;
  } finally {
    for (const proxy of proxies) await proxy.close();
    for (const server of running) await stopServerProcess(server);
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
