import type { Page } from '@playwright/test';
import { createMember, SHARED_DATA_DIR, type Member } from './members.js';

/** Stores `token` before the page's scripts run, once per tab (a later logout in the test stays logged out). */
async function openWithToken(page: Page, path: string, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
  await page.goto(path);
}

/** Opens `path` signed in as a new member (or admin) of the shared e2e server, as after a login. */
export async function openSignedIn(page: Page, path: string, role: 'user' | 'admin', nickname = '테스트유저'): Promise<Member> {
  const member = await createMember(SHARED_DATA_DIR, role, nickname);
  await openWithToken(page, path, member.token);
  return member;
}

/**
 * Opens `path` with a token the browser can decode but the server refuses (its signature is not the server's),
 * as after the account was deleted elsewhere or the server's secret changed.
 */
export async function openWithRefusedToken(page: Page, path: string, nickname: string): Promise<void> {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = { userId: '42', email: 'tester@example.kr', nickname, role: 'user', exp: Math.floor(Date.now() / 1000) + 3600 };
  await openWithToken(page, path, `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`);
}
