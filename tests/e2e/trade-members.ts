import type { Browser, Page } from '@playwright/test';
import { createMembers as createSharedMembers, type Member } from './members.js';

export type { Member } from './members.js';

/** Creates one member of the shared e2e server per nickname prefix (each gets a unique suffix). */
export function createMembers(...nicknames: string[]): Promise<Member[]> {
  return createSharedMembers(nicknames);
}

/** A browser context where `member` is signed in. */
export async function signedInPage(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((token) => localStorage.setItem('token', token), member.token);
  return context.newPage();
}
