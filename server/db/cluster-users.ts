import { existsSync, mkdirSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.js';

/**
 * Book-keeping that lets several processes (the server, `admin:grant`, `db:migrate`, `ingest` ...) share one embedded
 * PostgreSQL on the same data folder: each process using it registers its pid under `postgres-users/`, and a lock
 * file makes "start it or use the running one" and "stop it when nobody uses it any more" one step at a time.
 */

/** True when a process with this pid runs (a signal 0 only asks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Longest wait for another process's start or stop of the cluster (a first start runs initdb). */
const LOCK_WAIT_MS = 120_000;

/**
 * Runs `work` holding `DATA_DIR/postgres.lock`. A lock whose holder died (killed mid-start) is taken over.
 */
export async function withClusterLock<T>(baseDir: string, work: () => Promise<T>): Promise<T> {
  const lockFile = path.join(baseDir, 'postgres.lock');
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && !isAlive(holder)) {
        await unlink(lockFile).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) {
        throw new ConfigError(`Another process (pid ${holder}) is starting or stopping the embedded PostgreSQL in ${baseDir}; try again.`);
      }
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
}

const usersDir = (baseDir: string) => path.join(baseDir, 'postgres-users');

/** Records this process as a user of the cluster. */
export function registerUser(baseDir: string): void {
  mkdirSync(usersDir(baseDir), { recursive: true });
  writeFileSync(path.join(usersDir(baseDir), String(process.pid)), '');
}

/** Removes this process from the users; returns how many other live processes still use the cluster. */
export function unregisterUser(baseDir: string): number {
  const dir = usersDir(baseDir);
  try {
    unlinkSync(path.join(dir, String(process.pid)));
  } catch {
    // Not registered (a start that failed): nothing to remove.
  }
  if (!existsSync(dir)) return 0;
  let others = 0;
  for (const name of readdirSync(dir)) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      others += 1;
    } else {
      // A user that died without stopping (killed hard) no longer counts.
      try {
        unlinkSync(path.join(dir, name));
      } catch {
        // Another process removed it first.
      }
    }
  }
  return others;
}
