import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDatabaseExists } from '../../server/db/bootstrap.js';
import { withDatabase } from '../../server/db/connection-url.js';
import { startEmbeddedPostgres } from '../../server/db/embedded.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { dropDatabase, TEMPLATE_DATABASE } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string to the server's maintenance database, for creating per-file databases. */
    maintenanceUrl: string;
  }
}

const quiet = { info: () => undefined, debug: () => undefined };

/**
 * Starts one PostgreSQL for the whole API run (embedded in a temporary folder, or the server DATABASE_URL
 * names) and prepares a migrated template database that every test file copies.
 */
export default async function setup(project: TestProject) {
  let maintenanceUrl = process.env.DATABASE_URL ? withDatabase(process.env.DATABASE_URL, 'postgres') : undefined;
  let stop: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (!maintenanceUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sal-test-db-'));
    const embedded = await startEmbeddedPostgres(dataDir, quiet);
    maintenanceUrl = embedded.url;
    stop = embedded.stop;
  }
  await dropDatabase(maintenanceUrl, TEMPLATE_DATABASE);
  await ensureDatabaseExists(maintenanceUrl, TEMPLATE_DATABASE);
  await applyMigrations(withDatabase(maintenanceUrl, TEMPLATE_DATABASE));
  project.provide('maintenanceUrl', maintenanceUrl);

  return async () => {
    await stop?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
