import { rebuildAllRatings } from '../server/modules/ingest/rebuild.js';
import { benchDataDir, benchLeagueOptions, ingestBenchLeague, openBenchDatabase } from './lib/bench-league.js';
import { measureCopyFloor } from './lib/copy-floor.js';
import { countCpuSeconds, parentPid } from './lib/cpu-usage.js';

/** A step's result with the CPU seconds it cost this process and the league's PostgreSQL. */
type Costed<T> = T & { cpuSeconds: number };

/**
 * `npm run bench:ingest`: builds the benchmark league from empty through the real ingest writer, rebuilds every
 * rating from history, and sets both beside the time PostgreSQL takes to COPY the same rows (the floor).
 * The league stays in .data/bench-<players>-<matches> for `npm run bench:api`.
 *
 * Each step is compared with the floor twice: by wall time, the target's measure, and by CPU seconds (this
 * process and PostgreSQL's). The steps run minutes apart, so on a busy machine the wall times meet different
 * loads (the floor alone has moved from 6.8 to 16.3 s between runs at 10,000 players), while their CPU seconds
 * stay put: the CPU ratio says whether a change of the wall ratio is the code's or the machine's. The ingest's
 * CPU includes generating the simulated league it reads.
 */
async function main(): Promise<void> {
  const options = benchLeagueOptions();
  const dataDir = benchDataDir(options);
  console.log(`league: ${options.players?.toLocaleString('en')} players, ${options.matches?.toLocaleString('en')} matches; data in ${dataDir}`);
  const bench = await openBenchDatabase(dataDir, { fresh: true });
  try {
    const backend = await bench.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const postgresPid = parentPid(backend.rows[0]!.pid);
    const costed = async <T>(step: () => Promise<T>): Promise<Costed<T>> => {
      const ownCpu = countCpuSeconds(process.pid, { withChildren: false });
      const postgresCpu = countCpuSeconds(postgresPid, { withChildren: true });
      const result = await step();
      return { ...result, cpuSeconds: ownCpu() + postgresCpu() };
    };
    const ingest = await costed(() => ingestBenchLeague(bench, options));
    process.stdout.write('\n');
    const rebuild = await costed(() => rebuildAllRatings(bench.pool));
    const floor = await costed(() => measureCopyFloor(bench.pool));
    const perSecond = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString('en');
    const line = (step: string, measured: Costed<{ seconds: number }>) =>
      `| ${step} | ${measured.seconds.toFixed(1)} | ${perSecond(ingest.matches, measured.seconds)} | ${(measured.seconds / floor.seconds).toFixed(1)} | ` +
      `${measured.cpuSeconds.toFixed(1)} | ${(measured.cpuSeconds / floor.cpuSeconds).toFixed(1)} |`;
    console.log('| step | seconds | matches/s | x COPY floor | CPU s (bench and PostgreSQL) | x floor by CPU |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(line(`COPY of the same ${floor.rows.toLocaleString('en')} rows (floor)`, floor));
    console.log(line('ingest from empty', ingest));
    console.log(line('ratings rebuild', rebuild));
  } finally {
    await bench.close();
  }
}

await main();
