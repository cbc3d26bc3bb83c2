import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';

/**
 * Helpers of the community e2e specs: members made in a server's own database and signed in with tokens signed
 * by its secret (as after a login), and a private server for tests whose data would show on every page of the
 * shared one (popup notices cover every page, and other specs expect none).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export interface Member {
  id: string;
  email: string;
  nickname: string;
  role: 'user' | 'admin';
  token: string;
}

/** The data folder of a server started on `port` (the shared one: .data/e2e-<port>). */
export const dataDirOf = (name: string) => `${ROOT}.data/${name}/`;

/** The embedded PostgreSQL of a server: its port is in postmaster.pid (line 4), its password beside it. */
function databaseUrl(dataDir: string): string {
  const pid = readFileSync(`${dataDir}postgres/postmaster.pid`, 'utf8').split('\n');
  const password = readFileSync(`${dataDir}postgres-password`, 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]!.trim()}/sal`;
}

/** An HS256 session token with the claims the server signs (userId, email, nickname, role). */
function signToken(dataDir: string, member: Omit<Member, 'token'>): string {
  const secret = readFileSync(`${dataDir}jwt-secret`, 'utf8').trim();
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { userId: member.id, email: member.email, nickname: member.nickname, role: member.role, iat: now, exp: now + 3600 };
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** Creates a member (or an admin) directly in the server's database and signs a token for it. */
export async function createMember(dataDir: string, role: 'user' | 'admin', nickname: string): Promise<Member> {
  const client = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await client.connect();
  try {
    const suffix = randomBytes(3).toString('hex');
    const email = `e2e-community-${suffix}@example.kr`;
    const { rows } = await client.query<{ id: string }>(
      'INSERT INTO users (email, nickname, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id',
      [email, `${nickname}${suffix}`, 'e2e-not-a-real-hash', role],
    );
    const member = { id: rows[0]!.id, email, nickname: `${nickname}${suffix}`, role };
    return { ...member, token: signToken(dataDir, member) };
  } finally {
    await client.end();
  }
}

/** A new browser context where `member` is signed in (or a visitor with none). */
export async function openPage(browser: Browser, baseURL: string, member?: Member, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  if (member) await context.addInitScript((token) => localStorage.setItem('token', token), member.token);
  return context.newPage();
}

export interface PrivateServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built site on its own fresh database (no demo league) and waits until it is healthy. */
export async function startPrivateServer(port: number, name: string): Promise<PrivateServer> {
  const dataDir = dataDirOf(name);
  rmSync(dataDir, { recursive: true, force: true });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: `.data/${name}`, DEMO_SEED: 'false', LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the private e2e server on port ${port} exited early`);
    const healthy = await fetch(`${baseURL}/api/health`).then((response) => response.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the private e2e server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
