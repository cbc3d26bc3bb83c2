import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase, type OpenDatabase } from '../../server/db/bootstrap.js';

export interface BenchServer {
  url: string;
  app: App;
  database: OpenDatabase;
  close(): Promise<void>;
}

const quiet = { info: () => undefined, debug: () => undefined };

/**
 * The real app listening on a free loopback port, on DATABASE_URL when set, else on an embedded PostgreSQL in a
 * throw-away folder. Request logging is off so it does not weigh on the figures.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' });
  const database = await openDatabase(config, quiet);
  const app = await buildApp({ config, prisma: database.prisma, databaseUrl: database.url, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
