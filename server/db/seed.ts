import type { Database } from './client.js';
import { LEAGUE_CATALOG } from '../modules/league/league-catalog.js';

interface Logger {
  info(message: string): void;
}

/** True when the database holds no league yet: the demo seed only ever fills an empty database. */
export async function isDatabaseEmpty(prisma: Database): Promise<boolean> {
  return (await prisma.league.count()) === 0;
}

/** Fills an empty database with the demo data: the league divisions (the simulated league comes with ingest). */
export async function seedDemoData(prisma: Database, logger: Logger): Promise<void> {
  const started = Date.now();
  await prisma.league.createMany({ data: LEAGUE_CATALOG.map((league) => ({ ...league })), skipDuplicates: true });
  logger.info(`demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
