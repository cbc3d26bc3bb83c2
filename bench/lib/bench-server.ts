import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../server/app.js';
import { loadConfig, type AppConfig } from '../../server/config.js';
import { openDatabase, type OpenDatabase } from '../../server/db/bootstrap.js';
import { LOOP_DELAY_PROBE } from './loop-delay.js';
import { freePort, startServerProcess, type ServerProcess } from '../../tests/helpers/server-process.js';

export interface BenchApp {
  url: string;
  app: App;
  close(): Promise<void>;
}

export interface BenchServer extends BenchApp {
  database: OpenDatabase;
}

const quiet = { info: () => undefined, debug: () => undefined };

/** The settings a benchmarked app runs with: no request logs and no flood guard in the way. */
export function benchConfig(dataDir: string): AppConfig {
  return loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000' });
}

/** The real app on an open database, listening on a free loopback port. */
export async function listenBenchApp(database: OpenDatabase, config: AppConfig, options: { publicReadCache?: boolean } = {}): Promise<BenchApp> {
  const app = await buildApp({
    config, prisma: database.prisma, statisticsDb: database.statistics, databaseUrl: database.url, logger: false,
    publicReadCache: options.publicReadCache,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, app, close: () => app.close() };
}

/**
 * The real app on DATABASE_URL when set, else on an embedded PostgreSQL in a throw-away folder.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-bench-'));
  const config = benchConfig(dataDir);
  const database = await openDatabase(config, quiet);
  const served = await listenBenchApp(database, config);
  return {
    ...served,
    database,
    async close() {
      await served.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The server as `npm start` runs it (production mode, warnings only, no flood guard in the way), in its own
 * process on `databaseUrl`, with the public-read cache on or off; with `jwtSecret`, it accepts the session tokens
 * the bench signed with it (otherwise a secret of its own); `root` names another checkout to start instead; with
 * `cpuProfile`, Node writes the process's CPU profiles into that folder when it stops (`--cpu-prof`, for Chrome's
 * DevTools; one file per thread, the main thread's named `CPU.<date>.<time>.<pid>.0.<n>.cpuprofile`); with
 * `loopDelay`, it loads the loop-delay probe (loop-delay.ts: watchServerLoopDelay reads it).
 */
export async function startBenchProcess(
  databaseUrl: string,
  options: { publicReadCache: boolean; jwtSecret?: string; root?: string; cpuProfile?: string; loopDelay?: boolean },
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-bench-process-'));
  const nodeArgs = [
    ...(options.cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfile}`] : []),
    ...(options.loopDelay ? ['--import', LOOP_DELAY_PROBE] : []),
  ];
  return startServerProcess({
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: options.jwtSecret ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    DEMO_SEED: 'false',
    PUBLIC_READ_CACHE: String(options.publicReadCache),
  }, undefined, options.root, nodeArgs, options.loopDelay);
}
