import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  seconds: number;
}

/** Runs autocannon against one URL: a warm-up pass that is thrown away, then the measured pass. */
export async function measure(name: string, url: string, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) {
    await autocannon({ url, connections: options.connections, duration: options.warmupSeconds });
  }
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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
