import autocannon from 'autocannon';
import { watchCpu, watchCpuWithChildren } from './cpu-usage.js';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Cores the server process kept busy during the measured pass, when its pid was given. */
  serverCores?: number;
  /** Cores PostgreSQL kept busy during the measured pass, when its postmaster's pid was given. */
  postgresCores?: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/** Load options from BENCH_CONNECTIONS, BENCH_WARMUP and BENCH_SECONDS (defaults 50, 10 and 30). */
export function loadOptionsFromEnv(): LoadOptions {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 10),
    seconds: Number(process.env.BENCH_SECONDS ?? 30),
  };
}

/** One autocannon pass; with several paths, each request takes the next one in turn. */
function run(baseUrl: string, paths: readonly string[], connections: number, duration: number) {
  let next = 0;
  return autocannon({
    url: `${baseUrl}${paths[0]}`,
    connections,
    duration,
    // What every browser sends: big answers leave compressed, as they do for the site's readers.
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: paths.length > 1
      ? [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] as string }) }]
      : undefined,
  });
}

/**
 * Runs autocannon against one read: a warm-up pass that is thrown away, then the measured pass; with the server's
 * pid, also how many cores the server kept busy while measured, and with PostgreSQL's (its postmaster), how many
 * the database kept busy (every backend: meaningful when the measured server is the only one asking).
 */
export async function measure(
  name: string, baseUrl: string, paths: readonly string[], options: LoadOptions, serverPid?: number, postgresPid?: number,
): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(baseUrl, paths, options.connections, options.warmupSeconds);
  const serverCpu = serverPid === undefined ? undefined : watchCpu(serverPid);
  const postgresCpu = postgresPid === undefined ? undefined : watchCpuWithChildren(postgresPid);
  const result = await run(baseUrl, paths, options.connections, options.seconds);
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCores: serverCpu?.(),
    postgresCores: postgresCpu?.(),
  };
}

/** Prints results as a Markdown table, with each row's req/s as a share of the first row's. */
export function printTable(results: LoadResult[]): void {
  const floor = results[0]?.requestsPerSecond ?? 1;
  console.log('| read | req/s | % of H | p50 ms | p99 ms | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of results) {
    const share = ((row.requestsPerSecond / floor) * 100).toFixed(0);
    console.log(`| ${row.name} | ${row.requestsPerSecond} | ${share}% | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`);
  }
}
