import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp, WEB_DIST_DIR } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, type OpenDatabase } from './db/bootstrap.js';
import { MigrationError } from './db/migrate.js';
import { ensureLeagues, isDatabaseEmpty, seedDemoData } from './db/seed.js';
import { startLiveIngest, type LiveIngest } from './modules/ingest/ingest-api.js';
import { ensureWebBuilt } from './web-build.js';

/** Process entry: config -> database -> app -> listen, and a graceful stop on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  // Readable lines on a developer's terminal; JSON lines everywhere else (files, containers, tests).
  const pretty = process.stdout.isTTY && config.env !== 'production';
  const logger = pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
  const log = { info: (message: string) => logger.info(message), debug: (message: string) => logger.debug(message) };

  ensureWebBuilt(WEB_DIST_DIR, log);
  let database: OpenDatabase | undefined;
  try {
    database = await openDatabase(config, log);
    await ensureLeagues(database.prisma);
    if (config.demoSeed && (await isDatabaseEmpty(database.prisma))) await seedDemoData(database.prisma, database.url, log, config.demoEndAt);

    const app = await buildApp({
      config, prisma: database.prisma, statisticsDb: database.statistics, databaseUrl: database.url, logger, publicReadCache: config.publicReadCache,
    });
    const openDb = database;
    let live: LiveIngest | undefined;
    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) logger.error({ err }, 'stopping after an unexpected error');
      else logger.info(`${signal ?? 'stop'} received: closing`);
      await live?.stop();
      await app.close();
      await openDb.close();
    });
    await app.listen({ host: config.host, port: config.port }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw new ConfigError(`Port ${config.port} is already in use: stop the other program or set PORT.`);
      if (error.code === 'EACCES') throw new ConfigError(`No permission to listen on port ${config.port}: choose another PORT.`);
      throw error;
    });
    const { port } = app.server.address() as { port: number };
    logger.info(`SAL league site ready at http://localhost:${port}`);
    if (config.ingestLive.enabled) live = await startLiveIngest(database.url, config.ingestLive.intervalSeconds, logger, app.leagueDataChanges.announce);
  } catch (error) {
    await database?.close().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof MigrationError;
  // One line that says what to fix; unexpected errors keep their stack for the developer.
  console.error(known ? `Cannot start: ${(error as Error).message}` : error);
  process.exit(1);
});
