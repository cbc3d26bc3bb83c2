import pg from 'pg';
import { runDatabaseCommand } from '../../../db/cli/run-cli.js';
import { rebuildAllRatings } from '../rebuild.js';
import { createProgressBar } from './progress.js';

// `npm run ratings:rebuild`: recomputes every rating and kept figure from the stored match history.
await runDatabaseCommand(async (database) => {
  const total = await database.prisma.match.count({ where: { status: 'complete' } });
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const progress = createProgressBar('matches', total);
  let done = 0;
  try {
    const summary = await rebuildAllRatings(pool, (count) => progress.update((done += count)));
    progress.done();
    const players = await database.prisma.playerStat.count();
    const clans = await database.prisma.clanStat.count();
    console.log(`${summary.matches} matches rated, ${players} player and ${clans} clan figures in ${summary.seconds.toFixed(1)} s`);
  } finally {
    await pool.end();
  }
});
