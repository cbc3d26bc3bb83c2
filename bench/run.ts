import { startBenchServer } from './lib/bench-server.js';
import { measure, printTable } from './lib/load.js';

/**
 * `npm run bench`: starts the real server and measures, in one run, the reads that matter. Figures are
 * compared with each other (ratios), never with absolute targets, because machines differ.
 * BENCH_SECONDS and BENCH_WARMUP shorten or lengthen the passes (defaults 30 and 10).
 */
async function main(): Promise<void> {
  const options = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 10),
    seconds: Number(process.env.BENCH_SECONDS ?? 30),
  };
  const server = await startBenchServer();
  try {
    console.log(`server ${server.url}, ${options.connections} connections, ${options.warmupSeconds} s warm-up, ${options.seconds} s measured`);
    const results = [await measure('H: /api/health', `${server.url}/api/health`, options)];
    results.push(await measure('/api/site', `${server.url}/api/site`, options));
    printTable(results);
    const failures = results.filter((row) => row.errors > 0 || row.non2xx > 0);
    if (failures.length > 0) {
      console.error(`errors in: ${failures.map((row) => row.name).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
  }
}

await main();
