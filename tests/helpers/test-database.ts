import { randomBytes } from 'node:crypto';
import { createPrismaClient, createStatisticsClient, type Database } from '../../server/db/client.js';
import { withDatabase } from '../../server/db/connection-url.js';
import { withPgClient as withMaintenance } from '../../server/db/with-client.js';

/** The migrated database every test file copies (CREATE DATABASE … TEMPLATE is a fast file copy). */
export const TEMPLATE_DATABASE = 'sal_test_template';

/** How long a drop waits for the connections its test just closed to leave on their own. */
const CLOSING_WAIT_MS = 5000;

/**
 * Drops a test database. Connections the test closed may still be leaving (a client's end() resolves before its
 * server process is gone): FORCE would terminate them mid-goodbye, and the client, already ending, reports that as
 * an error nobody listens for (an unhandled 57P01 that fails the run). So wait for them first; FORCE is for the
 * ones that never leave.
 */
export async function dropDatabase(maintenanceUrl: string, name: string): Promise<void> {
  await withMaintenance(maintenanceUrl, async (client) => {
    for (const started = Date.now(); Date.now() - started < CLOSING_WAIT_MS;) {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** Creates a database with a unique name, empty or copied from the migrated template. */
export async function createDatabase(maintenanceUrl: string, options: { fromTemplate: boolean }): Promise<string> {
  const name = `sal_test_${randomBytes(6).toString('hex')}`;
  const template = options.fromTemplate ? ` TEMPLATE "${TEMPLATE_DATABASE}"` : '';
  await withMaintenance(maintenanceUrl, async (client) => {
    // Two files copying the template at the same instant can collide (55006); a short retry settles it.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`CREATE DATABASE "${name}"${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  });
  return withDatabase(maintenanceUrl, name);
}

export interface TestDatabase {
  url: string;
  prisma: Database;
  /** A second client over a pool of its own, for the app's statistics reads (as main.ts builds it). */
  statistics: Database;
  /** Disconnects and drops the database. */
  drop(): Promise<void>;
}

/** A fresh migrated database for one test file, with a Prisma client on it. */
export async function createTestDatabase(maintenanceUrl: string): Promise<TestDatabase> {
  const url = await createDatabase(maintenanceUrl, { fromTemplate: true });
  const prisma = createPrismaClient(url, 5);
  const statistics = createStatisticsClient(url, 5);
  return {
    url,
    prisma,
    statistics,
    async drop() {
      await Promise.all([prisma.$disconnect(), statistics.$disconnect()]);
      await dropDatabase(maintenanceUrl, new URL(url).pathname.slice(1));
    },
  };
}
