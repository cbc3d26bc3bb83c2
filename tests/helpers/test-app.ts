import { inject } from 'vitest';
import { buildApp, type App, type AppDependencies } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestContext {
  app: App;
  db: TestDatabase;
  config: AppConfig;
  close(): Promise<void>;
}

/** Settings every test app shares; a test may override any variable. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    DATA_DIR: '/tmp/sal-test-data',
    DEMO_SEED: 'false',
    // A league's tables refresh at every change, so a test reads them right after its write; the pacing has tests of
    // its own, on a clock they move (tests/api/league-refresh-pacing.test.ts).
    LEAGUE_TABLES_REFRESH_SECONDS: '0',
    ...overrides,
  });
}

/**
 * Builds the real app on a fresh migrated database of its own (call in beforeAll, close in afterAll). Its log is
 * off unless a test passes a logger to read it.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Pick<AppDependencies, 'logger' | 'webDistDir' | 'publicReadCache' | 'leagueRefreshClock' | 'leagueRefreshHold'> = {},
): Promise<TestContext> {
  const db = await createTestDatabase(inject('maintenanceUrl'));
  const config = testConfig(overrides);
  const app = await buildApp({
    config, prisma: db.prisma, statisticsDb: db.statistics, databaseUrl: db.url, logger: options.logger ?? false, webDistDir: options.webDistDir,
    leagueRefreshClock: options.leagueRefreshClock, leagueRefreshHold: options.leagueRefreshHold, publicReadCache: options.publicReadCache,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
