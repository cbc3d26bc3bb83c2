import { expect, test } from '@playwright/test';
import { createMembers, signedInPage, type Member } from './trade-members.js';

/**
 * The whole trade between two people in two browsers: a seller posts, a buyer proposes, both chat, both
 * confirm; the post shows 거래완료, the chat is closed and the seller's trust rises. Members are created in the
 * e2e server's own database and signed in with tokens signed by its secret (as after a login).
 */

test.describe('trade between two members', () => {
  let seller: Member;
  let buyer: Member;

  test.beforeAll(async () => {
    [seller, buyer] = await createMembers('판매왕', '구매왕') as [Member, Member];
  });

  test('post, propose, chat, confirm on both sides: completed, closed, trust up', async ({ browser }) => {
    test.setTimeout(120_000);
    const sellerPage = await signedInPage(browser, seller);
    const buyerPage = await signedInPage(browser, buyer);

    // The seller writes a post; live validation keeps the button off until the form is valid.
    await sellerPage.goto('/trade/user/new');
    const submit = sellerPage.getByRole('button', { name: '등록', exact: true });
    await sellerPage.getByLabel('제목').fill('SP sale');
    await expect(sellerPage.getByText('제목에 한글을 2자 이상 입력해 주세요.')).toBeVisible();
    await expect(submit).toBeDisabled();
    await sellerPage.getByLabel('제목').fill('서든 SP 1억 2천만 판매합니다');
    await sellerPage.getByLabel('내용').fill('저녁 9시 이후 거래 가능합니다.');
    await sellerPage.getByLabel('가격 (SP)').fill('120000000');
    await expect(sellerPage.getByText('= 1억 2,000만 SP')).toBeVisible();
    await submit.click();
    await expect(sellerPage).toHaveURL(/\/trade\/user\/[0-9a-f-]{36}$/);
    const postUrl = new URL(sellerPage.url()).pathname;
    await expect(sellerPage.locator('.trade-post__head')).toContainText('거래대기');
    await expect(sellerPage.getByTestId('seller-trust-rate')).toHaveText('거래 기록 없음');
    await expect(sellerPage.getByTestId('seller-score')).toHaveText('신뢰 점수 0점 (10점 만점 기준 0%)');
    await expect(sellerPage.getByTestId('trust-rate-bar')).toHaveAttribute('aria-valuenow', '0');

    // The post is in the list for everyone, with its amount in Korean units.
    await buyerPage.goto('/trade/user');
    const row = buyerPage.getByTestId('trade-list-item').filter({ hasText: '서든 SP 1억 2천만 판매합니다' });
    await expect(row).toContainText('(1억 2,000만 SP)');
    await row.getByRole('link').click();

    // The buyer proposes and lands in the deal's chat.
    await buyerPage.getByRole('button', { name: '거래 신청' }).click();
    const modal = buyerPage.getByRole('dialog', { name: '거래 신청' });
    await modal.getByLabel('소속 / 닉네임').fill('알파클랜 구매왕');
    await modal.getByLabel('희망 수량 (SP)').fill('120000000');
    await modal.getByLabel('메모').fill('오늘 밤 가능합니다');
    await modal.getByRole('button', { name: '신청하기' }).click();
    await expect(buyerPage).toHaveURL(/\/trade\/chat\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
    const chatUrl = new URL(buyerPage.url()).pathname;
    expect(chatUrl.startsWith(`/trade/chat/${postUrl.split('/').at(-1)}/`)).toBe(true);

    await buyerPage.getByLabel('메시지를 입력하세요').fill('안녕하세요, 구매 원합니다');
    await buyerPage.getByRole('button', { name: '보내기' }).click();
    await expect(buyerPage.getByTestId('chat-message').filter({ hasText: '안녕하세요, 구매 원합니다' })).toBeVisible();

    // The seller is alerted in the sidebar, sees the applicant, and opens the chat (which acknowledges the alert).
    await sellerPage.goto('/trade/user');
    const tradeLink = sellerPage.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: /유저 거래/ });
    await expect(tradeLink.getByTestId('nav-badge')).toHaveText('1', { timeout: 10_000 });
    await expect(sellerPage.getByTestId('new-applications-banner')).toBeVisible();
    await sellerPage.goto(postUrl);
    const applicant = sellerPage.getByTestId('applicant').filter({ hasText: buyer.nickname });
    await expect(applicant).toContainText('[알파클랜 구매왕] 오늘 밤 가능합니다');
    await expect(applicant).toContainText('새 신청');
    await applicant.getByRole('link', { name: '채팅' }).click();
    await expect(sellerPage).toHaveURL(new RegExp(`${chatUrl}$`));
    await expect(sellerPage.getByTestId('chat-message').filter({ hasText: '안녕하세요, 구매 원합니다' })).toBeVisible();
    await expect(tradeLink.getByTestId('nav-badge')).toHaveCount(0);

    // Both chat; a phone number gets the safety warning; the live push brings each side the other's messages.
    await sellerPage.getByLabel('메시지를 입력하세요').fill('네 가능합니다. 010-1234-5678 로 연락 주세요');
    await sellerPage.getByRole('button', { name: '보내기' }).click();
    const phoneMessage = buyerPage.getByTestId('chat-message').filter({ hasText: '010-1234-5678' });
    await expect(phoneMessage).toBeVisible({ timeout: 10_000 });
    await expect(phoneMessage).toContainText('전화번호가 포함된 메시지입니다');

    // The buyer confirms first and waits for the seller.
    await buyerPage.getByRole('button', { name: '거래 완료' }).click();
    await buyerPage.getByRole('dialog', { name: '거래 완료 확인' }).getByRole('button', { name: '완료 확인' }).click();
    await expect(buyerPage.getByTestId('completion-pending')).toBeVisible();
    await expect(buyerPage.getByTestId('chat-ended')).toHaveCount(0);

    // The seller sees the buyer's confirmation arrive and confirms: the deal completes and the chat closes.
    await expect(sellerPage.getByText('상대방이 완료를 눌렀습니다')).toBeVisible({ timeout: 10_000 });
    await sellerPage.getByRole('button', { name: '거래 완료' }).click();
    await sellerPage.getByRole('dialog', { name: '거래 완료 확인' }).getByRole('button', { name: '완료 확인' }).click();
    await expect(sellerPage.getByTestId('chat-ended')).toHaveText('채팅방이 종료되었습니다.');
    await expect(sellerPage.getByLabel('메시지를 입력하세요')).toHaveCount(0);
    await expect(buyerPage.getByTestId('chat-ended')).toBeVisible({ timeout: 10_000 });

    // The post shows 거래완료 and the seller's trust rose: 1 of 1 completed (100%, the pulsing amber band).
    await buyerPage.goto(postUrl);
    await expect(buyerPage.locator('.trade-post__head')).toContainText('거래완료');
    await expect(buyerPage.getByTestId('seller-trust-rate')).toHaveText('거래 완료율 100%');
    await expect(buyerPage.getByTestId('seller-trust-rate')).toHaveAttribute('data-colour', 'amberPulse');
    // The bar under the rate is filled to the same number; the score has its own, labelled gauge.
    await expect(buyerPage.getByTestId('trust-rate-bar')).toHaveAttribute('aria-valuenow', '100');
    await expect(buyerPage.getByTestId('seller-score')).toHaveText('신뢰 점수 1점 (10점 만점 기준 10%)');
    await expect(buyerPage.getByText('거래가 완료되었습니다.')).toBeVisible();

    // The inbox lists the ended chat for the seller.
    await sellerPage.goto('/trade/chats');
    await expect(sellerPage.getByTestId('chat-inbox-item').filter({ hasText: '서든 SP 1억 2천만 판매합니다' })).toContainText('완료');

    await sellerPage.context().close();
    await buyerPage.context().close();
  });

  test('a visitor can browse but is asked to log in to write or propose', async ({ page }) => {
    await page.goto('/trade/user/new');
    await expect(page).toHaveURL(/\/login\?next=%2Ftrade%2Fuser%2Fnew$/);
    await page.goto('/trade/chats');
    await expect(page.getByText('로그인이 필요합니다.')).toBeVisible();
    await page.goto('/trade/ads');
    await expect(page.getByRole('heading', { name: '업체 홍보' })).toBeVisible();
  });
});
