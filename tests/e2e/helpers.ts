import type { Page } from '@playwright/test';

/** A token the web app can decode (it never verifies; the server does), for shell states that need a user. */
export function fakeToken(claims: { userId: string; email: string; nickname: string; role: string }): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, exp })}.signature`;
}

/** Opens `path` with the given token already stored, as after a login. */
export async function openSignedIn(page: Page, path: string, role: 'user' | 'admin', nickname = '테스트유저'): Promise<void> {
  const token = fakeToken({ userId: '42', email: 'tester@example.kr', nickname, role });
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-signed-in')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-signed-in', '1');
    }
  }, token);
  await page.goto(path);
}
