import pg from 'pg';
import { ConfigError, type AppConfig } from '../config.js';
import { createPrismaClient, createStatisticsClient, type Database } from './client.js';
import { redactUrl, withDatabase } from './connection-url.js';
import { startEmbeddedPostgres } from './embedded.js';
import { applyMigrations } from './migrate.js';
import { withPgClient } from './with-client.js';

/** The application's database inside the embedded cluster. */
const EMBEDDED_DATABASE_NAME = 'sal';

interface Logger {
  debug(message: string): void;
  info(message: string): void;
}

export interface OpenDatabase {
  url: string;
  embedded: boolean;
  prisma: Database;
  /**
   * A client over a pool of its own for the public statistics reads (AppDependencies.statisticsDb): a backlog of
   * them never holds up a member's write or session check.
   */
  statistics: Database;
  /** Closes the client pools, then stops the embedded server when there is one. */
  close(): Promise<void>;
}

/** Creates `name` unless it exists. CREATE DATABASE cannot run in a transaction, and two starts may race. */
export async function ensureDatabaseExists(maintenanceUrl: string, name: string): Promise<void> {
  await withPgClient(maintenanceUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount !== 0) return;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
      if (error.code !== '42P04') throw error; // created by a concurrent start
    });
  });
}

/** Connects once to say clearly what is wrong with DATABASE_URL before anything else uses it. */
async function checkReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`Cannot connect to DATABASE_URL ${redactUrl(url)}: ${reason}. Check the address and credentials.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens the database the configuration names (or starts the embedded one), applies pending migrations
 * and returns a Prisma client.
 */
export async function openDatabase(config: AppConfig, logger: Logger): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres(config.dataDir, logger);
    stopEmbedded = embedded.stop;
    await ensureDatabaseExists(embedded.url, EMBEDDED_DATABASE_NAME);
    url = withDatabase(embedded.url, EMBEDDED_DATABASE_NAME);
    logger.info(`embedded PostgreSQL on 127.0.0.1:${embedded.port}, data in ${config.dataDir}/postgres`);
  }
  try {
    await checkReachable(url);
    const applied = await applyMigrations(url);
    if (applied.length > 0) logger.info(`applied migrations: ${applied.join(', ')}`);
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  const prisma = createPrismaClient(url);
  const statistics = createStatisticsClient(url);
  return {
    url,
    embedded: Boolean(stopEmbedded),
    prisma,
    statistics,
    async close() {
      await Promise.all([prisma.$disconnect(), statistics.$disconnect()]);
      await stopEmbedded?.();
    },
  };
}
