import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openPage, startPrivateServer, type PrivateServer } from './community-fixtures.js';
import { createMember, E2E_PORT, type Member } from './members.js';

/**
 * Every text a person writes is shown to others as text: markup, event handlers and `javascript:` addresses in
 * nicknames, posts, comments, replies, notices (markdown), popups, trade posts, applications, chat messages, vendor
 * ads and the admin inbox never run in a reader's browser and never make it ask a foreign host for anything.
 * Runs on a private server: the popup notice would cover the shared server's pages.
 */

/** A marker each payload tries to set; a page where it is set ran a visitor's script. */
const MARK = '__hostileRan';
const FOREIGN_HOST = 'evil.example';
const PAYLOADS = [
  `<script>window.${MARK}=1</script>`,
  `<img src=x onerror="window.${MARK}=1;alert(1)">`,
  `<svg onload="window.${MARK}=1">`,
  `<a href="javascript:window.${MARK}=1">링크</a>`,
  `<img src="https://${FOREIGN_HOST}/pixel.png">`,
  `javascript:alert(1)`,
];
/** One text holding every payload, with Hangul where a field asks for it. */
const HOSTILE = `악성 글자 시험 ${PAYLOADS.join(' ')}`;
/** As many whole payloads as fit in a field of `max` characters (after the visible marker text). */
function hostileWithin(max: number): string {
  let text = '악성 글자 시험';
  for (const payload of [...PAYLOADS].sort((a, b) => a.length - b.length)) {
    if (text.length + 1 + payload.length <= max) text += ` ${payload}`;
  }
  return text;
}
/** For fields of 20 characters (a non-member's nickname): an element whose load would open a dialog. */
const SHORT_HOSTILE = '<svg/onload=alert``>';
/** Markdown's own ways to a link or an image, for the fields rendered as markdown (notices). */
const HOSTILE_MARKDOWN = `${HOSTILE}\n\n[눌러 보기](javascript:window.${MARK}=1) ![그림](https://${FOREIGN_HOST}/md.png)\n\n<iframe src="https://${FOREIGN_HOST}/"></iframe>`;

let server: PrivateServer;
let admin: Member;
let seller: Member;
let buyer: Member;
const paths: string[] = [];

async function call(request: APIRequestContext, method: 'post' | 'put', path: string, data: unknown, member?: Member) {
  const response = await request[method](`${server.baseURL}${path}`, {
    data,
    headers: member ? { authorization: `Bearer ${member.token}` } : {},
  });
  if (!response.ok()) throw new Error(`${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.json();
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  server = await startPrivateServer(E2E_PORT + 60, `e2e-${E2E_PORT}-hostile`);
  admin = await createMember(server.dataDir, 'admin', '관리');
  seller = await createMember(server.dataDir, 'user', '판매');
  buyer = await createMember(server.dataDir, 'user', '구매');

  // Community: a non-member's post (nickname, title, content), a comment and a reply.
  const post = await call(request, 'post', '/api/sal-board/free', { nickname: SHORT_HOSTILE, title: hostileWithin(100), content: HOSTILE, password: 'guest-pw-1' });
  const postId = post.post._id as string;
  const commented = await call(request, 'post', `/api/sal-board/free/${postId}/comment`, { nickname: '손님', content: HOSTILE, password: 'cmt-pw-1' });
  await call(request, 'post', `/api/sal-board/free/${postId}/comment/${commented.comments[0]._id}/reply`, { content: HOSTILE }, buyer);
  const notice = await call(request, 'post', '/api/sal/notice', {
    title: hostileWithin(100), content: HOSTILE_MARKDOWN, showPopup: true, popupContent: HOSTILE_MARKDOWN,
    popupStart: new Date(Date.now() - 86_400_000).toISOString(), popupEnd: new Date(Date.now() + 86_400_000).toISOString(),
  }, admin);

  // Trade: a post, an application with a note, a chat message.
  const tradePost = await call(request, 'post', '/api/trade/posts', { board: 'user-trade', title: `판매 ${hostileWithin(95)}`, content: HOSTILE, price: '150000' }, seller);
  const tradePostId = tradePost.post._id as string;
  const proposal = await call(request, 'post', `/api/trade/posts/${tradePostId}/propose`, { price: '150000', note: `[알파클랜] ${HOSTILE}` }, buyer);
  await call(request, 'post', `/api/trade/posts/${tradePostId}/deals/${proposal.dealId}/messages`, { text: HOSTILE }, buyer);

  // A vendor ad whose every text is hostile; a javascript: open-chat address is refused outright.
  const adText = { name: hostileWithin(60), description: hostileWithin(500), tags: [SHORT_HOSTILE, '<script>x</script>', 'javascript:alert(1)'], isActive: true };
  const scriptAddress = await request.post(`${server.baseURL}/api/trade/admin/ads`, {
    data: { ...adText, openChatUrl: 'javascript:alert(1)' }, headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(scriptAddress.status()).toBe(400);
  await call(request, 'post', '/api/trade/admin/ads', adText, admin);
  await call(request, 'post', '/api/sal-board/suggest', { email: 'hostile@example.kr', nickname: hostileWithin(60), content: HOSTILE });
  await call(request, 'post', '/api/sal-board/exclude', { nickname: hostileWithin(40), clanName: hostileWithin(40), reason: HOSTILE, proof: HOSTILE });

  paths.push(
    '/', '/sal-board/free', `/sal-board/free/${postId}`, '/sal-board/notice', `/sal-board/notice/${notice.notice._id}`,
    '/trade/user', `/trade/user/${tradePostId}`, `/trade/chat/${tradePostId}/${proposal.dealId}`, '/trade/chats', '/trade/ads',
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** Opens `path` as `member` and proves nothing hostile ran: no dialog, no foreign request, no marker, no js: link. */
async function expectHarmless(page: Page, path: string): Promise<void> {
  const dialogs: string[] = [];
  const foreign: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') foreign.push(request.url());
  });
  await page.goto(path);
  await expect(page.getByText('악성 글자 시험').first()).toBeVisible();
  // Give handlers of late images and lazy chunks the time to fire, if they could.
  await page.waitForTimeout(500);
  expect({ path, dialogs, foreign }).toEqual({ path, dialogs: [], foreign: [] });
  expect(await page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark], MARK), path).toBeUndefined();
  const scriptLinks = await page.locator('a[href^="javascript:" i], [src^="javascript:" i]').count();
  expect(scriptLinks, path).toBe(0);
}

for (const viewer of ['visitor', 'seller', 'buyer', 'admin'] as const) {
  test(`every page showing written text is harmless to the ${viewer}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const member = { visitor: undefined, seller, buyer, admin }[viewer];
    const page = await openPage(browser, server.baseURL, member);
    const visible = paths.filter((path) => {
      // The chat and the inbox are the parties' own pages; the popup covers home, which still must be harmless.
      if (path.startsWith('/trade/chat')) return viewer === 'seller' || viewer === 'buyer';
      if (path === '/trade/chats') return viewer !== 'visitor';
      return true;
    });
    for (const path of visible) await expectHarmless(page, path);
    if (viewer === 'admin') await expectHarmless(page, '/admin/inbox');
    await page.context().close();
  });
}
