import { expect, test } from '@playwright/test';
import { createMembers as createSharedMembers } from './members.js';
import {
  api, chatMessage as message, createMembers, liveChatBetween, PHONE, proposeOn, say, signedInPage, writePost, type Member,
} from './trade-members.js';

/**
 * The trade marketplace on phones (390 px), two members in two browsers: the seller sees an application arrive on
 * the top bar and in the tab title without opening the menu; a message written offline goes out by itself when
 * the connection is back, once; a restricted member reads the ban and its end at once, reads their finished chat,
 * and cannot write; a cancelled deal shows its reason in the other party's chat.
 */

test.describe('trade on a phone', () => {
  test('a seller sees an application arrive on the top bar and in the title without opening the menu', async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer] = await createMembers('폰판매', '폰구매') as [Member, Member];
    const postId = await writePost(seller, '휴대폰 알림 시험 판매합니다');
    const sellerPage = await signedInPage(browser, seller, PHONE);
    await sellerPage.goto('/trade/user?mine=1');
    await expect(sellerPage.getByTestId('top-trade-alerts')).toBeVisible();
    await expect(sellerPage.getByTestId('top-trade-alerts-count')).toHaveCount(0);
    // The menu stays closed all along: what the seller sees is the top bar and the tab title.
    await expect(sellerPage.getByTestId('mobile-drawer')).toHaveAttribute('aria-hidden', 'true');
    const titleBefore = await sellerPage.title();
    expect(titleBefore).not.toMatch(/^\(\d+\)/);

    const buyerPage = await signedInPage(browser, buyer, PHONE);
    await buyerPage.goto(`/trade/user/${postId}`);
    await buyerPage.getByRole('button', { name: '거래 신청' }).click();
    const modal = buyerPage.getByRole('dialog', { name: '거래 신청' });
    await modal.getByLabel('소속 / 닉네임').fill('폰클랜 구매자');
    await modal.getByLabel('희망 수량 (SP)').fill('150000');
    await modal.getByRole('button', { name: '신청하기' }).click();
    await expect(buyerPage).toHaveURL(/\/trade\/chat\//);

    // Live, within a moment: the bell on the top bar counts it, and so does the tab title.
    await expect(sellerPage.getByTestId('top-trade-alerts-count')).toHaveText('1', { timeout: 5000 });
    await expect(sellerPage).toHaveTitle(/^\(1\) /);
    await expect(sellerPage.getByTestId('new-applications-banner')).toBeVisible();
    await expect(sellerPage.getByTestId('mobile-drawer')).toHaveAttribute('aria-hidden', 'true');

    // A message from the buyer adds to the chat badge and to the title's count.
    await say(buyerPage, '휴대폰으로 신청했습니다');
    await expect(sellerPage.getByTestId('top-unread-chats-count')).toHaveText('1', { timeout: 5000 });
    await expect(sellerPage).toHaveTitle(/^\(2\) /);

    // Opening the chat from the top bar clears both.
    await sellerPage.getByTestId('top-unread-chats').click();
    await sellerPage.getByTestId('chat-inbox-item').filter({ hasText: '휴대폰 알림 시험' }).click();
    await expect(message(sellerPage, '휴대폰으로 신청했습니다')).toBeVisible();
    await expect(sellerPage.getByTestId('top-unread-chats-count')).toHaveCount(0);
    await expect(sellerPage.getByTestId('top-trade-alerts-count')).toHaveCount(0);
    await expect(sellerPage).not.toHaveTitle(/^\(\d+\)/);
    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('a message written offline waits, and goes out by itself when the connection is back, once', async ({ browser }) => {
    test.setTimeout(90_000);
    const { seller, postId, dealId, sellerPage, buyerPage } = await liveChatBetween(browser, ['오프판매', '오프구매'], '오프라인 전송 시험 판매합니다', PHONE);

    await buyerPage.context().setOffline(true);
    await say(buyerPage, '지하철에서 보낸 메시지');
    const outgoing = buyerPage.getByTestId('chat-outgoing').filter({ hasText: '지하철에서 보낸 메시지' });
    await expect(outgoing).toHaveAttribute('data-state', 'queued');
    await expect(outgoing).toContainText('연결되면 자동으로 보냅니다');
    // Every word on the screen is Korean: never the browser's "TypeError: Failed to fetch".
    await expect(buyerPage.locator('body')).not.toContainText('Failed to fetch');
    await expect(buyerPage.locator('body')).not.toContainText('TypeError');

    // Back online, with no click: the message is stored, on both screens, once.
    await buyerPage.context().setOffline(false);
    await expect(message(buyerPage, '지하철에서 보낸 메시지')).toBeVisible({ timeout: 15_000 });
    await expect(buyerPage.getByTestId('chat-outgoing')).toHaveCount(0);
    await expect(message(sellerPage, '지하철에서 보낸 메시지')).toHaveCount(1, { timeout: 15_000 });
    const stored = await api<{ items: { text: string }[] }>(seller, 'GET', `/api/trade/posts/${postId}/deals/${dealId}/messages`);
    expect(stored.items.filter((item) => item.text === '지하철에서 보낸 메시지')).toHaveLength(1);
    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('a restricted member sees the ban, its reason and end at once, reads their finished chat and cannot write', async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer, otherSeller] = await createMembers('제한판매', '제한구매', '다른판매') as [Member, Member, Member];
    const [admin] = await createSharedMembers(['제한관리'], { role: 'admin' }) as [Member];
    const postId = await writePost(seller, '제한 시험 판매합니다');
    const dealId = await proposeOn(buyer, postId);
    await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/messages`, { text: '입금했습니다. 확인 부탁드려요' });
    for (const member of [buyer, seller]) await api(member, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
    const otherPostId = await writePost(otherSeller, '다른 판매 글입니다');

    const buyerPage = await signedInPage(browser, buyer, PHONE);
    await buyerPage.goto(`/trade/user/${otherPostId}`);
    await expect(buyerPage.getByRole('button', { name: '거래 신청' })).toBeVisible();

    // An admin restricts the buyer: the open page shows it at once, with the reason and the end, and the apply
    // button goes away.
    await api(admin, 'POST', '/api/trade/admin/bans', { email: buyer.email, reason: '거래 사기 신고 확인 중', days: 3 });
    const notice = buyerPage.getByTestId('trade-restriction');
    await expect(notice).toBeVisible({ timeout: 5000 });
    await expect(notice).toContainText('사유: 거래 사기 신고 확인 중');
    await expect(buyerPage.getByTestId('trade-restriction-until')).toContainText(/\d+월 \d+일 (오전|오후) \d+:\d{2}에 풀립니다/);
    await expect(buyerPage.getByRole('button', { name: '거래 신청' })).toHaveCount(0);

    // Their completed chat stays readable, as their record; nothing can be written.
    await buyerPage.goto(`/trade/chat/${postId}/${dealId}`);
    await expect(message(buyerPage, '입금했습니다. 확인 부탁드려요')).toBeVisible();
    await expect(buyerPage.getByTestId('chat-ended')).toBeVisible();
    await expect(buyerPage.getByLabel('메시지를 입력하세요')).toHaveCount(0);
    await expect(buyerPage.getByTestId('trade-restriction')).toBeVisible();

    // The write page says so before anything is typed, and cannot send.
    await buyerPage.goto('/trade/user/new');
    await expect(buyerPage.getByTestId('trade-restriction')).toBeVisible();
    await expect(buyerPage.getByRole('button', { name: '등록', exact: true })).toBeDisabled();
    await buyerPage.context().close();
  });

  test('a cancel with a reason reaches the other party\'s chat at once; the deal shows how it ended', async ({ browser }) => {
    test.setTimeout(90_000);
    const { buyer, postId, dealId, sellerPage, buyerPage } = await liveChatBetween(browser, ['취소판매', '취소구매'], '취소 시험 판매합니다', PHONE);
    await api(buyer, 'POST', `/api/trade/posts/${postId}/deals/${dealId}/confirm`);
    await expect(sellerPage.getByText('상대방이 완료를 눌렀습니다')).toBeVisible();

    await sellerPage.getByRole('button', { name: '거래 취소' }).click();
    const dialog = sellerPage.getByRole('dialog', { name: '거래 취소' });
    await dialog.getByRole('button', { name: '거래 취소하기' }).click();
    await expect(dialog.getByText('사유를 입력해 주세요.')).toBeVisible();
    await dialog.getByLabel(/사유/).fill('재고가 떨어졌습니다');
    await dialog.getByRole('button', { name: '거래 취소하기' }).click();

    const notice = buyerPage.getByTestId('chat-system-message').filter({ hasText: '판매자가 거래를 취소했습니다.' });
    await expect(notice).toContainText('사유: 재고가 떨어졌습니다', { timeout: 5000 });
    await expect(buyerPage.getByTestId('chat-ended')).toBeVisible();
    await expect(buyerPage.getByTestId('deal-state')).toContainText('판매자가 거래를 취소했습니다.');
    await expect(buyerPage.getByTestId('deal-state')).toContainText('사유: 재고가 떨어졌습니다');
    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('with notifications turned on (asked only on that click), a phone in the background gets one for a new application', async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer] = await createMembers('알림켜판매', '알림켜구매') as [Member, Member];
    const postId = await writePost(seller, '브라우저 알림 시험 판매합니다');
    const sellerPage = await signedInPage(browser, seller, PHONE);
    // The browser's Notification, recorded: what was asked for, and what was shown.
    await sellerPage.addInitScript(() => {
      const record = { asked: 0, shown: [] as { title: string; body: string }[] };
      (window as unknown as { notificationLog: typeof record }).notificationLog = record;
      // A granted permission lasts across pages, as the browser keeps it.
      class RecordedNotification {
        static get permission(): NotificationPermission {
          return sessionStorage.getItem('test.notifications') === 'granted' ? 'granted' : 'default';
        }
        static async requestPermission(): Promise<NotificationPermission> {
          record.asked += 1;
          sessionStorage.setItem('test.notifications', 'granted');
          return 'granted';
        }
        onclick: (() => void) | null = null;
        constructor(title: string, options: { body: string }) {
          record.shown.push({ title, body: options.body });
        }
      }
      Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
    });
    const log = () => sellerPage.evaluate(() => (window as unknown as { notificationLog: { asked: number; shown: { body: string }[] } }).notificationLog);

    await sellerPage.goto('/mypage');
    const toggle = sellerPage.getByTestId('alert-settings').getByRole('switch', { name: '브라우저 알림 받기' });
    await expect(toggle).not.toBeChecked();
    expect((await log()).asked).toBe(0);
    await toggle.click();
    await expect(toggle).toBeChecked();
    expect((await log()).asked).toBe(1);

    // The choice stays for this member; the page goes to the background.
    await sellerPage.goto('/trade/user?mine=1');
    await expect(sellerPage.getByTestId('top-trade-alerts')).toBeVisible();
    await sellerPage.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await proposeOn(buyer, postId);
    await expect.poll(async () => (await log()).shown.map((item) => item.body), { timeout: 5000 }).toEqual(['새 거래 신청이 도착했습니다.']);
    await sellerPage.waitForTimeout(1000);
    expect((await log()).shown).toHaveLength(1);
    await sellerPage.context().close();
  });

  test("the seller reserves, edits and marks the post sold; the buyer's page follows", async ({ browser }) => {
    test.setTimeout(90_000);
    const [seller, buyer, late] = await createMembers('관리판매', '관리구매', '늦은구매') as [Member, Member, Member];
    const postId = await writePost(seller, '관리 시험 판매합니다');
    const dealId = await proposeOn(buyer, postId);
    const sellerPage = await signedInPage(browser, seller, PHONE);
    await sellerPage.goto(`/trade/user/${postId}`);
    const manage = sellerPage.getByTestId('post-manage');

    await manage.getByRole('button', { name: '예약중으로 표시' }).click();
    await expect(sellerPage.locator('.trade-post__head')).toContainText('예약중');
    const latePage = await signedInPage(browser, late, PHONE);
    await latePage.goto(`/trade/user/${postId}`);
    await expect(latePage.getByTestId('post-closed')).toContainText('예약 중으로 표시한 글');
    await expect(latePage.getByRole('button', { name: '거래 신청' })).toHaveCount(0);

    await manage.getByRole('link', { name: '글 수정' }).click();
    await sellerPage.getByLabel('제목').fill('관리 시험 판매합니다 (가격 인하)');
    await sellerPage.getByLabel('가격 (SP)').fill('140000');
    await sellerPage.getByRole('button', { name: '수정 저장' }).click();
    await expect(sellerPage.locator('.trade-post__head')).toContainText('관리 시험 판매합니다 (가격 인하)');
    await expect(sellerPage.locator('.trade-post__meta')).toContainText(/수정됨 \d{4}년 \d+월 \d+일 (오전|오후)/);

    await sellerPage.getByTestId('post-manage').getByRole('button', { name: '판매완료로 표시' }).click();
    await sellerPage.getByRole('dialog', { name: '판매완료로 표시' }).getByRole('button', { name: '확인' }).click();
    await expect(sellerPage.locator('.trade-post__head')).toContainText('거래완료');
    await expect(sellerPage.getByTestId('applicant')).toHaveAttribute('data-status', 'CLOSED');
    const stored = await api<{ items: { systemEvent: string | null; text: string }[] }>(buyer, 'GET', `/api/trade/posts/${postId}/deals/${dealId}/messages`);
    expect(stored.items.at(-1)).toMatchObject({ systemEvent: 'closed', text: '판매자가 글을 판매완료로 표시해 이 신청은 종료되었습니다.' });
    await sellerPage.context().close();
    await latePage.context().close();
  });
});
