import { rebuildAllRatings } from '../server/modules/ingest/rebuild.js';
import { benchDataDir, benchLeagueOptions, ingestBenchLeague, openBenchDatabase } from './lib/bench-league.js';
import { measureCopyFloor } from './lib/copy-floor.js';

/**
 * `npm run bench:ingest`: builds the benchmark league from empty through the real ingest writer, rebuilds every
 * rating from history, and sets both beside the time PostgreSQL takes to COPY the same rows (the floor).
 * The league stays in .data/bench-<players>-<matches> for `npm run bench:api`.
 */
async function main(): Promise<void> {
  const options = benchLeagueOptions();
  const dataDir = benchDataDir(options);
  console.log(`league: ${options.players?.toLocaleString('en')} players, ${options.matches?.toLocaleString('en')} matches; data in ${dataDir}`);
  const bench = await openBenchDatabase(dataDir, { fresh: true });
  try {
    const ingest = await ingestBenchLeague(bench, options);
    process.stdout.write('\n');
    const rebuild = await rebuildAllRatings(bench.pool);
    const floor = await measureCopyFloor(bench.pool);
    const perSecond = (count: number, seconds: number) => Math.round(count / seconds).toLocaleString('en');
    console.log('| step | seconds | matches/s | x COPY floor |');
    console.log('|---|---:|---:|---:|');
    console.log(`| COPY of the same ${floor.rows.toLocaleString('en')} rows (floor) | ${floor.seconds.toFixed(1)} | ${perSecond(ingest.matches, floor.seconds)} | 1.0 |`);
    console.log(`| ingest from empty | ${ingest.seconds.toFixed(1)} | ${perSecond(ingest.matches, ingest.seconds)} | ${(ingest.seconds / floor.seconds).toFixed(1)} |`);
    console.log(`| ratings rebuild | ${rebuild.seconds.toFixed(1)} | ${perSecond(rebuild.matches, rebuild.seconds)} | ${(rebuild.seconds / floor.seconds).toFixed(1)} |`);
  } finally {
    await bench.close();
  }
}

await main();
