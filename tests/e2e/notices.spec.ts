import { expect, test, type Page } from '@playwright/test';
import { openPage, startPrivateServer, type PrivateServer } from './community-fixtures.js';
import { createMember, E2E_PORT, type Member } from './members.js';

/**
 * Notices in the browser: an admin writes a popup notice, a visitor sees it over the pages and hides it for the
 * day; several popups rotate; notice markdown stays safe. Popup notices cover every page, so these tests run on
 * a private server of their own (the shared one must show no popup to the other specs).
 */

const KST_OFFSET_MS = 9 * 3600_000;
const koreanToday = () => new Date(Date.now() + KST_OFFSET_MS).toISOString().slice(0, 10);

/** Accepts the next alert (or confirm) and hands back its text. */
function nextDialog(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve(dialog.message());
      await dialog.accept();
    });
  });
}

test.describe('notices and the popup overlay', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(60_000);

  let server: PrivateServer;
  let admin: Member;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startPrivateServer(E2E_PORT + 50, `e2e-${E2E_PORT}-notices`);
    admin = await createMember(server.dataDir, 'admin', '공지관리');
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Writes a notice through the API as the admin. */
  async function writeNotice(page: Page, body: Record<string, unknown>): Promise<string> {
    const response = await page.request.post(`${server.baseURL}/api/sal/notice`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: body,
    });
    expect(response.status()).toBe(201);
    return (await response.json()).notice._id as string;
  }

  async function removeNotice(page: Page, id: string): Promise<void> {
    await page.request.delete(`${server.baseURL}/api/sal/notice/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
  }

  test('an admin writes a popup notice; a visitor sees it and hides it for the day', async ({ browser }) => {
    const adminPage = await openPage(browser, server.baseURL, admin);
    await adminPage.goto('/admin/notice');
    await adminPage.getByLabel('제목').fill('시즌 3 개막');
    await adminPage.getByLabel('내용').fill('**토요일** 개막합니다.\n\n<script>window.__pwned=1</script>\n\n[나쁜 링크](javascript:window.__pwned=2)');
    await adminPage.getByLabel('팝업으로 표시').check();
    await expect(adminPage.getByLabel('팝업 시작일')).toHaveValue(koreanToday());
    await expect(adminPage.getByLabel('팝업 종료일')).toHaveValue(koreanToday());
    await adminPage.getByLabel('팝업 문구').fill('시즌 3가 **이번 주 토요일**에 시작됩니다.');
    const registered = nextDialog(adminPage);
    await adminPage.getByRole('button', { name: '등록' }).click();
    expect(await registered).toBe('공지가 등록되었습니다.');
    await expect(adminPage).toHaveURL('/sal-board/notice');
    const row = adminPage.getByTestId('post-table').getByRole('row').filter({ hasText: '시즌 3 개막' });
    await expect(row).toContainText('NEW');
    await expect(row).toContainText('관리자');
    await expect(row.getByRole('link', { name: '수정' })).toBeVisible();
    await adminPage.context().close();

    const visitor = await openPage(browser, server.baseURL);
    await visitor.goto('/sal-board/free');
    const overlay = visitor.getByRole('dialog', { name: '시즌 3 개막' });
    await expect(overlay).toBeVisible();
    await expect(overlay.locator('strong')).toHaveText('이번 주 토요일');
    const width = (await overlay.boundingBox())!.width;
    expect(width).toBeLessThanOrEqual(560);

    // The notice itself: markdown rendered, the script and the javascript: link left as text.
    await overlay.getByRole('link', { name: '자세히 보기' }).click();
    await expect(visitor).toHaveURL(/\/sal-board\/notice\/\d+$/);
    const body = visitor.getByTestId('post-body');
    await expect(body.locator('strong')).toHaveText('토요일');
    await expect(body).toContainText('<script>window.__pwned=1</script>');
    await expect(body).toContainText('[나쁜 링크](javascript:window.__pwned=2)');
    await expect(body.locator('a, script')).toHaveCount(0);
    expect(await visitor.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();

    // After closing, the overlay stays closed during the visit; a new visit shows it until hidden for the day.
    await visitor.goto('/sal-board/humor');
    await expect(visitor.getByRole('dialog', { name: '시즌 3 개막' })).toBeVisible();
    await visitor.getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    await expect(visitor.getByTestId('notice-popup-overlay')).toHaveCount(0);
    // Each check waits for the popup list to arrive, so it proves the dismissal, not a slow answer.
    const popupsAnswered = () => visitor.waitForResponse((response) => response.url().includes('/api/sal/notice?popupOnly=1'));
    let answered = popupsAnswered();
    await visitor.reload();
    await answered;
    await expect(visitor.getByRole('heading', { name: '유머' })).toBeVisible();
    await expect(visitor.getByTestId('notice-popup-overlay')).toHaveCount(0);
    answered = popupsAnswered();
    await visitor.goto('/suggest');
    await answered;
    await expect(visitor.getByRole('heading', { name: '문의하기' })).toBeVisible();
    await expect(visitor.getByTestId('notice-popup-overlay')).toHaveCount(0);
    const dismissed = await visitor.evaluate(() => JSON.parse(localStorage.getItem('sal.notice.popupDismissed') ?? '{}'));
    expect(Object.values(dismissed)).toEqual([koreanToday()]);
    await visitor.context().close();

    // Another visitor still sees it, and may just close it.
    const other = await openPage(browser, server.baseURL);
    await other.goto('/sal-board/tip');
    const dialog = other.getByRole('dialog', { name: '시즌 3 개막' });
    await expect(dialog).toBeVisible();
    // A modal: Tab and Shift+Tab never leave it for the page behind.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await other.keyboard.press(key);
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await other.getByRole('button', { name: '닫기' }).click();
    await expect(other.getByTestId('notice-popup-overlay')).toHaveCount(0);
    const popups = await (await other.request.get(`${server.baseURL}/api/sal/notice?popupOnly=1`)).json() as { _id: string }[];
    for (const popup of popups) await removeNotice(other, popup._id);
    await other.context().close();
  });

  test('several popup notices rotate, every 6 seconds by default', async ({ browser }) => {
    const page = await openPage(browser, server.baseURL);
    const day = koreanToday();
    const first = await writeNotice(page, { title: '첫 번째 팝업', content: '하나', showPopup: true, popupStart: day, popupEnd: day });
    const second = await writeNotice(page, { title: '두 번째 팝업', content: '둘', showPopup: true, popupStart: day, popupEnd: day });
    await page.goto('/sal-board/news');
    const overlay = page.getByTestId('notice-popup-overlay');
    await expect(overlay).toContainText('1 / 2');
    const shownFirst = await overlay.getByRole('heading').textContent();
    await expect(overlay.getByRole('heading')).not.toHaveText(shownFirst!, { timeout: 7_500 });
    await expect(overlay).toContainText('2 / 2');
    // Hiding one for the day leaves the other.
    await overlay.getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    await expect(overlay).toBeVisible();
    await expect(overlay).not.toContainText('/ 2');
    await removeNotice(page, first);
    await removeNotice(page, second);
    await page.context().close();
  });

  test('an admin edits a notice from its edit page', async ({ browser }) => {
    const page = await openPage(browser, server.baseURL, admin);
    const id = await writeNotice(page, { title: '수정 전 공지', content: '내용' });
    await page.goto(`/sal-board/notice/${id}`);
    await page.getByRole('link', { name: '수정' }).click();
    await expect(page).toHaveURL(`/sal-board/notice/${id}/edit`);
    await expect(page.getByText('마크다운을 지원합니다', { exact: false })).toBeVisible();
    await page.getByLabel('제목').fill('수정 후 공지');
    const edited = nextDialog(page);
    await page.getByRole('button', { name: '저장' }).click();
    expect(await edited).toBe('공지가 수정되었습니다.');
    await expect(page).toHaveURL(`/sal-board/notice/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('수정 후 공지');
    await page.context().close();
  });

  test('the notice write page is for admins only', async ({ browser }) => {
    const member = await createMember(server.dataDir, 'user', '일반회원');
    const page = await openPage(browser, server.baseURL, member);
    await page.goto('/admin/notice');
    await expect(page.getByText('관리자 전용 페이지입니다.')).toBeVisible();
    await expect(page.getByLabel('제목')).toHaveCount(0);
    await page.goto('/sal-board/notice');
    await expect(page.getByRole('heading', { name: '공지사항' })).toBeVisible();
    await expect(page.getByRole('link', { name: '공지 작성' })).toHaveCount(0);
    await page.context().close();
  });
});
