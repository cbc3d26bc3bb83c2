import { expect, type Browser, type Page } from '@playwright/test';
import { createMembers as createSharedMembers, type Member } from './members.js';

export type { Member } from './members.js';

/** Creates one member of the shared e2e server per nickname prefix (each gets a unique suffix). */
export function createMembers(...nicknames: string[]): Promise<Member[]> {
  return createSharedMembers(nicknames);
}

/** A phone's screen (the narrow layout: drawer menu, top-bar badges). */
export const PHONE = { width: 390, height: 844 } as const;

/** A browser context where `member` is signed in (a desktop screen unless `viewport` says otherwise). */
export async function signedInPage(browser: Browser, member: Member, viewport: { width: number; height: number } = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript((token) => localStorage.setItem('token', token), member.token);
  return context.newPage();
}

const baseUrl = `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`;

/** A call of the shared e2e server's API as `member` (setting a scene up without the pages). */
export async function api<T>(member: Member, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${member.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A post of `seller` (150,000 SP) written through the API; its id. */
export async function writePost(seller: Member, title: string): Promise<string> {
  const { post } = await api<{ post: { _id: string } }>(seller, 'POST', '/api/trade/posts', {
    board: 'user-trade', title, content: '거래 시험용 글입니다.', price: '150000',
  });
  return post._id;
}

/** `buyer` applies on a post through the API; the deal's id. */
export const proposeOn = async (buyer: Member, postId: string) =>
  (await api<{ dealId: string }>(buyer, 'POST', `/api/trade/posts/${postId}/propose`, { price: '150000', note: '[시험] 바로 가능' })).dealId;

export const liveLine = (page: Page) => page.getByTestId('live-status');
export const chatMessage = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

/** Types a message in the open chat and sends it. */
export async function say(page: Page, text: string): Promise<void> {
  await page.getByLabel('메시지를 입력하세요').fill(text);
  await page.getByRole('button', { name: '보내기' }).click();
}

/** A seller's post with one buyer's deal, and both parties' windows on its chat (desktop unless `viewport`), live. */
export async function liveChatBetween(browser: Browser, names: [string, string], title: string, viewport?: { width: number; height: number }) {
  const [seller, buyer] = await createMembers(...names) as [Member, Member];
  const postId = await writePost(seller, title);
  const dealId = await proposeOn(buyer, postId);
  const chatPath = `/trade/chat/${postId}/${dealId}`;
  const sellerPage = await signedInPage(browser, seller, viewport);
  const buyerPage = await signedInPage(browser, buyer, viewport);
  await sellerPage.goto(chatPath);
  await buyerPage.goto(chatPath);
  await expect(liveLine(sellerPage)).toHaveAttribute('data-status', 'live');
  await expect(liveLine(buyerPage)).toHaveAttribute('data-status', 'live');
  return { seller, buyer, postId, dealId, chatPath, sellerPage, buyerPage };
}
