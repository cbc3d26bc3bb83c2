import { spawn, execFileSync } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, dropDatabase } from '../helpers/test-database.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const maintenanceUrl = inject('maintenanceUrl');
const createdDatabases: string[] = [];

interface RunningServer {
  port: number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `npm start`'s command as a user would (without the demo seed, tested on its own), until it is ready. */
function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', DEMO_SEED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let output = '';
    const handleData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /SAL league site ready at http:\/\/localhost:(\d+)/.exec(output);
      if (!ready) return;
      child.stdout.off('data', handleData);
      resolve({
        port: Number(ready[1]),
        stop: async (signal = 'SIGTERM') => {
          child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.on('data', handleData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
}

/** Runs the server expecting it to refuse to start; returns its exit code and what it printed on stderr. */
function failedStart(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'warn', DEMO_SEED: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

/** Runs one of the database commands (`npm run db:migrate` and the like) to its end. */
function runCommand(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

function postgresProcessesFor(dataDir: string): string[] {
  const list = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n');
  return list.filter((line) => line.includes('postgres') && line.includes(dataDir));
}

async function freshDatabaseUrl(): Promise<string> {
  const url = await createDatabase(maintenanceUrl, { fromTemplate: false });
  createdDatabases.push(new URL(url).pathname.slice(1));
  return url;
}

afterAll(async () => {
  for (const name of createdDatabases) await dropDatabase(maintenanceUrl, name);
});

describe('npm start', () => {
  it('runs on the embedded database, stops cleanly and restarts on the same data', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-start-'));
    const first = await startServer({ DATA_DIR: dataDir });
    const health = await fetch(`http://localhost:${first.port}/api/health`).then((response) => response.json() as Promise<any>);
    expect(health).toMatchObject({ status: 'ok', migrations: { current: true } });
    const page = await fetch(`http://localhost:${first.port}/league/sal-beginner`);
    // The app's page: its root (holding the shell pre-rendered at build time) and the app's script.
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toMatch(/<script type="module" crossorigin[^>]* src="\/assets\/index-[^"]+\.js"/);
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(postgresProcessesFor(dataDir)).toEqual([]);

    const second = await startServer({ DATA_DIR: dataDir });
    const again = await fetch(`http://localhost:${second.port}/api/health`).then((response) => response.json() as Promise<any>);
    expect(again.migrations.pending).toEqual([]);
    expect(await second.stop('SIGINT')).toBe(0);
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  }, 120_000);

  it('shares its embedded PostgreSQL with the commands run meanwhile: admin:grant and db:migrate leave it serving', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-shared-'));
    const server = await startServer({ DATA_DIR: dataDir });
    const healthStatus = () => fetch(`http://localhost:${server.port}/api/health`).then((response) => response.status);
    expect(await healthStatus()).toBe(200);

    const grant = runCommand('server/db/cli/admin-grant.ts', ['nobody@example.kr'], { DATA_DIR: dataDir });
    expect(await grant).toMatchObject({ code: 1, stderr: expect.stringContaining('No member with the e-mail nobody@example.kr') });
    expect(await healthStatus()).toBe(200);
    expect(await runCommand('server/db/cli/migrate.ts', [], { DATA_DIR: dataDir })).toMatchObject({ code: 0 });
    expect(await healthStatus()).toBe(200);

    // The last one to leave stops it.
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  }, 120_000);

  it('a command run alone starts the embedded PostgreSQL and stops it when done', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-alone-'));
    expect(await runCommand('server/db/cli/migrate.ts', [], { DATA_DIR: dataDir })).toMatchObject({ code: 0 });
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  }, 120_000);

  it('uses DATABASE_URL when it is set and migrates that database', async () => {
    const url = await freshDatabaseUrl();
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'sal-start-')) });
    const health = await fetch(`http://localhost:${server.port}/api/health`).then((response) => response.json() as Promise<any>);
    expect(health.migrations.current).toBe(true);
    expect(await server.stop()).toBe(0);
  }, 60_000);

  it('finishes a request in flight before it stops', async () => {
    const url = await freshDatabaseUrl();
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: await mkdtemp(path.join(tmpdir(), 'sal-start-')) });
    // A request whose body is still arriving when the stop signal comes: it must still get its answer.
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const body = JSON.stringify({ keyword: 'slow-upload' });
    socket.write(`POST /api/site HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopped = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.end(body.slice(5));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('"error":"not_found"');
    expect(await stopped).toBe(0);
  }, 60_000);
});

describe('a misconfigured start ends with one line saying what to fix', () => {
  it('an unreachable DATABASE_URL', async () => {
    const result = await failedStart({ DATABASE_URL: 'postgresql://sal:secret@127.0.0.1:1/sal' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Cannot start: Cannot connect to DATABASE_URL postgresql:\/\/sal:\*\*\*@127\.0\.0\.1:1\/sal/);
    expect(result.stderr).not.toContain('secret');
  }, 30_000);

  it('a malformed DATABASE_URL', async () => {
    const result = await failedStart({ DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Cannot start: Invalid configuration: DATABASE_URL/);
  }, 30_000);

  it('a port already in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const result = await failedStart({ DATABASE_URL: await freshDatabaseUrl(), PORT: String(port) });
    blocker.close();
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(`Cannot start: Port ${port} is already in use: stop the other program or set PORT.`);
  }, 30_000);

  it('a data folder inside one other users cannot enter: as root, one line saying what to do; as its owner, it starts', async () => {
    const locked = await mkdtemp(path.join(tmpdir(), 'sal-locked-'));
    await chmod(locked, 0o700);
    const dataDir = path.join(locked, 'data');
    if (userInfo().uid === 0) {
      // Root runs PostgreSQL as the 'postgres' user, who cannot pass through the locked folder.
      const result = await failedStart({ DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(`that user cannot enter ${locked}. Clone the project into a folder other users can enter`);
    } else {
      const server = await startServer({ DATA_DIR: dataDir });
      expect(await server.stop()).toBe(0);
    }
  }, 60_000);

  it('a data folder that cannot be written', async () => {
    const result = await failedStart({ DATA_DIR: '/etc/hostname/sal-data' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Cannot start: Cannot write to DATA_DIR \/etc\/hostname\/sal-data/);
  }, 30_000);
});
