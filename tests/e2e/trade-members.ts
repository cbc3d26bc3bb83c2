import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';

/**
 * Members of the trade e2e tests: created in the e2e server's own database and signed in with tokens signed by
 * its secret (as after a login), so the tests never go through the login form.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = fileURLToPath(new URL(`../../.data/e2e-${port}/`, import.meta.url));

export interface Member {
  id: string;
  email: string;
  nickname: string;
  token: string;
}

/** The embedded PostgreSQL of the e2e server: its port is in postmaster.pid (line 4), its password beside it. */
export function databaseUrl(): string {
  const pid = readFileSync(`${dataDir}postgres/postmaster.pid`, 'utf8').split('\n');
  const password = readFileSync(`${dataDir}postgres-password`, 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]!.trim()}/sal`;
}

/** An HS256 session token with the claims the server signs (userId, email, nickname, role). */
function signToken(claims: Omit<Member, 'token'>): string {
  const secret = readFileSync(`${dataDir}jwt-secret`, 'utf8').trim();
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ userId: claims.id, email: claims.email, nickname: claims.nickname, role: 'user', iat: now, exp: now + 3600 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

async function insertMember(client: pg.Client, nickname: string): Promise<Member> {
  const suffix = randomBytes(3).toString('hex');
  const email = `e2e-${suffix}@example.kr`;
  const { rows } = await client.query<{ id: string }>(
    'INSERT INTO users (email, nickname, password_hash) VALUES ($1, $2, $3) RETURNING id',
    [email, `${nickname}${suffix}`, 'e2e-not-a-real-hash'],
  );
  const member = { id: rows[0]!.id, email, nickname: `${nickname}${suffix}` };
  return { ...member, token: signToken(member) };
}

/** Creates one member per nickname prefix (each gets a unique suffix). */
export async function createMembers(...nicknames: string[]): Promise<Member[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const members: Member[] = [];
    for (const nickname of nicknames) members.push(await insertMember(client, nickname));
    return members;
  } finally {
    await client.end();
  }
}

/** A browser context where `member` is signed in. */
export async function signedInPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((token) => localStorage.setItem('token', token), member.token);
  return context.newPage();
}
