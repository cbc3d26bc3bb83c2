import { benchLeagueOptions } from './bench-league.js';
import { LIVE_INTERVAL_LINE, LIVE_LEAGUE_READY, startLiveLeagueDriver } from './live-league-driver.js';

/**
 * The live league's own process (started by spawnLiveLeague): plays the BENCH_* league on LIVE_DATABASE_URL, a
 * match every LIVE_INTERVAL_SECONDS, until SIGTERM.
 */
const live = await startLiveLeagueDriver(
  process.env.LIVE_DATABASE_URL!, benchLeagueOptions(), Number(process.env.LIVE_INTERVAL_SECONDS),
  (seconds) => process.stdout.write(`${LIVE_INTERVAL_LINE}${seconds}\n`),
);
process.stdout.write(`${LIVE_LEAGUE_READY}\n`);
process.once('SIGTERM', () => {
  void live.stop().then(() => process.exit(0));
});
