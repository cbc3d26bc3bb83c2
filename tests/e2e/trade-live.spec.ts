import { expect, test, type Page, type Request, type Route, type WebSocketRoute } from '@playwright/test';
import pg from 'pg';
import { databaseUrl } from './members.js';
import {
  api, chatMessage as message, createMembers, liveChatBetween, liveLine, proposeOn, say, signedInPage, writePost, type Member,
} from './trade-members.js';

/**
 * The live push in two browsers: messages, typing, read receipts, applicants and unread counts arrive without a
 * poll while the socket is connected; when the socket is cut, polling takes over and the chat catches up. (A send
 * made offline is in trade-phone.spec.ts.)
 */

/** GET requests of a deal's messages the page makes from now on (polls and resyncs). */
function recordMessageLoads(page: Page): Request[] {
  const loads: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/trade\/posts\/[^/]+\/deals\/[^/]+\/messages/.test(request.url())) loads.push(request);
  });
  return loads;
}

const input = (page: Page) => page.getByLabel('메시지를 입력하세요');

/** Keeps the page's WebSocket from ever connecting: the page runs on its polling fallback. */
async function withoutSocket(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (socket) => void socket.close());
}

/** Makes the page believe its tab went to the background (or came back), as the browser tells it. */
async function setTabVisible(page: Page, visible: boolean): Promise<void> {
  await page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible ? 'visible' : 'hidden');
}

test.describe('live trade push', () => {
  test('two windows chat live: messages, typing and read receipts arrive without any poll', async ({ browser }) => {
    test.setTimeout(90_000);
    const { buyer, sellerPage, buyerPage } = await liveChatBetween(browser, ['실시간판매', '실시간구매'], '실시간 채팅 시험 판매합니다');

    // The application is in the chat history as a system message.
    await expect(sellerPage.getByTestId('chat-system-message').filter({ hasText: '거래를 신청했습니다' })).toContainText('알림');

    const sellerLoads = recordMessageLoads(sellerPage);
    const buyerLoads = recordMessageLoads(buyerPage);

    // The seller sees the buyer typing, then the message, well within one poll interval (3 s).
    await input(buyerPage).fill('안녕하세요, 지금 거래 가능할까요');
    await expect(sellerPage.getByTestId('typing')).toContainText(buyer.nickname, { timeout: 1000 });
    await buyerPage.getByRole('button', { name: '보내기' }).click();
    await expect(message(sellerPage, '지금 거래 가능할까요')).toBeVisible({ timeout: 1000 });
    await expect(sellerPage.getByTestId('typing')).toHaveCount(0);
    // The seller's window has it on screen: the buyer's message says it was read.
    await expect(message(buyerPage, '지금 거래 가능할까요').getByTestId('message-state')).toHaveText('읽음', { timeout: 2000 });

    await say(sellerPage, '네 가능합니다');
    await expect(message(buyerPage, '네 가능합니다')).toBeVisible({ timeout: 1000 });
    await say(buyerPage, '바로 보내겠습니다');
    await expect(message(sellerPage, '바로 보내겠습니다')).toBeVisible({ timeout: 1000 });

    // Nothing polled while the socket was connected; every message is on both screens once.
    await sellerPage.waitForTimeout(3500);
    expect(sellerLoads).toHaveLength(0);
    expect(buyerLoads).toHaveLength(0);
    for (const text of ['지금 거래 가능할까요', '네 가능합니다', '바로 보내겠습니다']) {
      await expect(message(sellerPage, text)).toHaveCount(1);
      await expect(message(buyerPage, text)).toHaveCount(1);
    }

    // A confirmation reaches the other window live, with its system message.
    await buyerPage.getByRole('button', { name: '거래 완료' }).click();
    await buyerPage.getByRole('dialog', { name: '거래 완료 확인' }).getByRole('button', { name: '완료 확인' }).click();
    await expect(sellerPage.getByText('상대방이 완료를 눌렀습니다')).toBeVisible({ timeout: 1000 });
    await expect(sellerPage.getByTestId('chat-system-message').filter({ hasText: '구매자가 거래 완료를 눌렀습니다.' })).toBeVisible();

    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('when the socket is cut, the chat polls every 3 s; when it is back, it resyncs and stops polling', async ({ browser }) => {
    test.setTimeout(120_000);
    const [seller, buyer] = await createMembers('끊김판매', '끊김구매') as [Member, Member];
    const postId = await writePost(seller, '연결 끊김 시험 판매합니다');
    const dealId = await proposeOn(buyer, postId);
    const messagesPath = `/api/trade/posts/${postId}/deals/${dealId}/messages`;
    const sellerPage = await signedInPage(browser, seller);

    // The seller's WebSocket goes through a route the test can cut (and keep cut) at will.
    let blocked = false;
    const open: WebSocketRoute[] = [];
    await sellerPage.routeWebSocket(/\/socket\.io\//, (socket) => {
      if (blocked) {
        void socket.close();
        return;
      }
      const server = socket.connectToServer();
      open.push(socket, server);
    });
    await sellerPage.goto(`/trade/chat/${postId}/${dealId}`);
    await expect(liveLine(sellerPage)).toHaveAttribute('data-status', 'live');
    await api(buyer, 'POST', messagesPath, { text: '연결 전 첫 메시지', clientId: 'cut-1' });
    await expect(message(sellerPage, '연결 전 첫 메시지')).toBeVisible({ timeout: 1000 });

    // Cut: the page says so and polls.
    blocked = true;
    const loads = recordMessageLoads(sellerPage);
    await Promise.all(open.splice(0).map((route) => route.close()));
    await expect(liveLine(sellerPage)).toHaveAttribute('data-status', 'down');
    await expect(liveLine(sellerPage)).toContainText('3초마다');
    await api(buyer, 'POST', messagesPath, { text: '끊긴 동안 보낸 메시지', clientId: 'cut-2' });
    await expect(message(sellerPage, '끊긴 동안 보낸 메시지')).toBeVisible({ timeout: 5000 });
    expect(loads.length).toBeGreaterThan(0);

    // Back: the socket reconnects, the chat resyncs (after=<last id>), and polling stops again.
    blocked = false;
    await api(buyer, 'POST', messagesPath, { text: '다시 연결되기 직전 메시지', clientId: 'cut-3' });
    await expect(liveLine(sellerPage)).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
    await expect(message(sellerPage, '다시 연결되기 직전 메시지')).toBeVisible();
    expect(loads.some((request) => new URL(request.url()).searchParams.has('after'))).toBe(true);
    loads.length = 0;
    await api(buyer, 'POST', messagesPath, { text: '다시 연결된 뒤 메시지', clientId: 'cut-4' });
    await expect(message(sellerPage, '다시 연결된 뒤 메시지')).toBeVisible({ timeout: 1000 });
    await sellerPage.waitForTimeout(3500);
    expect(loads).toHaveLength(0);
    for (const text of ['연결 전 첫 메시지', '끊긴 동안 보낸 메시지', '다시 연결되기 직전 메시지', '다시 연결된 뒤 메시지']) {
      await expect(message(sellerPage, text)).toHaveCount(1);
    }
    await sellerPage.context().close();
  });

  test("the seller's applicants, post status and the unread badges update live", async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer] = await createMembers('알림판매', '알림구매') as [Member, Member];
    const postId = await writePost(seller, '알림 시험 판매합니다');
    const sellerPage = await signedInPage(browser, seller);
    await sellerPage.goto(`/trade/user/${postId}`);
    await expect(sellerPage.locator('.trade-post__head')).toContainText('거래대기');
    await expect(sellerPage.getByTestId('applicant-list')).toContainText('아직 신청자가 없습니다.');
    // Live before the application: no poll timer runs, so what follows can only come by push.
    await expect(liveLine(sellerPage)).toHaveAttribute('data-status', 'live');

    const dealId = await proposeOn(buyer, postId);
    await expect(sellerPage.getByTestId('applicant').filter({ hasText: buyer.nickname })).toBeVisible({ timeout: 2000 });
    await expect(sellerPage.locator('.trade-post__head')).toContainText('거래중', { timeout: 2000 });
    const nav = sellerPage.getByRole('navigation', { name: '주 메뉴' });
    await expect(nav.getByRole('link', { name: /유저 거래/ }).getByTestId('nav-badge')).toHaveText('1', { timeout: 2000 });

    // The inbox and the sidebar's chat badge count the buyer's messages as they arrive.
    await sellerPage.goto('/trade/chats');
    const item = sellerPage.getByTestId('chat-inbox-item').filter({ hasText: '알림 시험 판매합니다' });
    await expect(item).toBeVisible();
    await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/messages`, { text: '문의드립니다', clientId: 'badge-1' });
    await expect(item.locator('.nav-badge')).toHaveText('1', { timeout: 2000 });
    await expect(nav.getByRole('link', { name: /채팅 목록/ }).getByTestId('nav-badge')).toHaveText('1', { timeout: 2000 });
    await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/messages`, { text: '답장 부탁드려요', clientId: 'badge-2' });
    await expect(item.locator('.nav-badge')).toHaveText('2', { timeout: 2000 });
    await sellerPage.context().close();
  });

  test('a hidden tab hears messages without telling the sender they were read; coming to the front does', async ({ browser }) => {
    test.setTimeout(90_000);
    const { sellerPage, buyerPage } = await liveChatBetween(browser, ['숨김판매', '숨김구매'], '읽음 표시 시험 판매합니다');

    await setTabVisible(sellerPage, false);
    await say(buyerPage, '보고 계신가요');
    await expect(message(sellerPage, '보고 계신가요')).toBeVisible({ timeout: 2000 });
    // The seller's window has it, but in a background tab: the buyer's message stays 전송됨, the seller's badge counts it.
    await buyerPage.waitForTimeout(1500);
    await expect(message(buyerPage, '보고 계신가요').getByTestId('message-state')).toHaveText('전송됨');
    const sellerChats = sellerPage.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: /채팅 목록/ });
    await expect(sellerChats.getByTestId('nav-badge')).toHaveText('1', { timeout: 3000 });

    await setTabVisible(sellerPage, true);
    await expect(message(buyerPage, '보고 계신가요').getByTestId('message-state')).toHaveText('읽음', { timeout: 3000 });
    await expect(sellerChats.getByTestId('nav-badge')).toHaveCount(0, { timeout: 3000 });
    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('a message sent just after the other side completed the deal shows as not sent, without a retry, and the chat ends', async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer] = await createMembers('종료판매', '종료구매') as [Member, Member];
    const postId = await writePost(seller, '종료 직후 전송 시험 판매합니다');
    const dealId = await proposeOn(buyer, postId);
    const buyerPage = await signedInPage(browser, buyer);
    // No socket, and the chat's polls held back: this window cannot have heard of the completion before it sends.
    await withoutSocket(buyerPage);
    await buyerPage.goto(`/trade/chat/${postId}/${dealId}`);
    await expect(buyerPage.getByTestId('chat-system-message').first()).toBeVisible();
    const held: Route[] = [];
    await buyerPage.route(/\/deals\/[^/]+\/messages\?/, (route) => void (route.request().method() === 'GET' ? held.push(route) : route.fallback()));

    await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
    await api(seller, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
    await say(buyerPage, '입금 확인 부탁드려요');

    const outgoing = buyerPage.getByTestId('chat-outgoing').filter({ hasText: '입금 확인 부탁드려요' });
    await expect(outgoing).toHaveAttribute('data-state', 'failed');
    await expect(outgoing).toContainText('채팅방이 종료되었습니다.');
    await expect(outgoing.getByRole('button', { name: '다시 보내기' })).toHaveCount(0);
    await expect(buyerPage.getByTestId('chat-ended')).toHaveText('채팅방이 종료되었습니다.');
    await expect(input(buyerPage)).toHaveCount(0);

    // Let the chat's loads through (unroute lets the held ones go on): the completion notice arrives; the
    // refused message was never stored.
    expect(held.length).toBeGreaterThan(0);
    await buyerPage.unroute(/\/deals\/[^/]+\/messages\?/);
    await buyerPage.reload();
    await expect(buyerPage.getByTestId('chat-system-message').filter({ hasText: '양쪽 모두 완료를 눌러' })).toBeVisible();
    await expect(message(buyerPage, '입금 확인 부탁드려요')).toHaveCount(0);
    await buyerPage.context().close();
  });

  test("while the socket is down, the seller's post header and applicants poll every 5 s", async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer] = await createMembers('폴링판매', '폴링구매') as [Member, Member];
    const postId = await writePost(seller, '폴링 헤더 시험 판매합니다');
    const sellerPage = await signedInPage(browser, seller);
    await withoutSocket(sellerPage);
    await sellerPage.goto(`/trade/user/${postId}`);
    await expect(sellerPage.locator('.trade-post__head')).toContainText('거래대기');
    await expect(sellerPage.getByTestId('applicant-list')).toContainText('5초마다');

    await proposeOn(buyer, postId);
    await expect(sellerPage.getByTestId('applicant').filter({ hasText: buyer.nickname })).toBeVisible({ timeout: 7000 });
    await expect(sellerPage.locator('.trade-post__head')).toContainText('거래중', { timeout: 7000 });
    await expect(sellerPage.locator('.trade-post__meta')).toContainText('신청 1');
    await sellerPage.context().close();
  });

  test('a long chat opens with the newest 200 messages and loads older ones on demand', async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer] = await createMembers('기록판매', '기록구매') as [Member, Member];
    const postId = await writePost(seller, '긴 대화 시험 판매합니다');
    const dealId = await proposeOn(buyer, postId);
    // 230 messages after the application's notice, written straight to the database.
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO trade_chat_messages (deal_id, seq, sender_id, client_id, text)
         SELECT $1::uuid, 1 + n, $2::uuid, 'bulk-' || n, '기록 ' || n FROM generate_series(1, 230) n`,
        [dealId, buyer.id],
      );
      await client.query('UPDATE trade_deals SET message_count = 231 WHERE id = $1::uuid', [dealId]);
    } finally {
      await client.end();
    }
    const sellerPage = await signedInPage(browser, seller);
    await sellerPage.goto(`/trade/chat/${postId}/${dealId}`);
    const exactly = (text: string) =>
      sellerPage.getByTestId('chat-message').filter({ has: sellerPage.locator('.trade-message__text').getByText(text, { exact: true }) });
    await expect(exactly('기록 230')).toBeVisible();
    await expect(sellerPage.getByTestId('chat-message')).toHaveCount(200);
    await expect(exactly('기록 31')).toHaveCount(1);
    await expect(exactly('기록 30')).toHaveCount(0);

    await sellerPage.getByRole('button', { name: '이전 메시지 더 보기' }).click();
    await expect(exactly('기록 1')).toHaveCount(1);
    await expect(exactly('기록 30')).toHaveCount(1);
    await expect(sellerPage.getByTestId('chat-message')).toHaveCount(230);
    await expect(sellerPage.getByTestId('chat-system-message').filter({ hasText: '거래를 신청했습니다' })).toHaveCount(1);
    await expect(sellerPage.getByRole('button', { name: '이전 메시지 더 보기' })).toHaveCount(0);
    await sellerPage.context().close();
  });
});
