import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { dataDirOf, type Member } from './members.js';

/**
 * Helpers of the community e2e specs: a page signed in as a member, and a private server for tests whose data
 * would show on every page of the shared one (popup notices cover every page, and other specs expect none).
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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
