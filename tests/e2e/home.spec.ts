import { expect, test } from '@playwright/test';
import { apiCall, fitsScreenWidth, getJson, type RankingRowData, type StandingRowData } from './stats-fixtures.js';

/** Two popup notices as the notices API serves them (only the fields the popup reads). */
const POPUP_NOTICES = [
  { _id: 'notice-e2e-1', title: '시즌 2 개막 안내', content: '본문', contentHtml: '<p>본문</p>', popupContent: '이번 주 토요일부터 시즌 2가 시작됩니다.', popupContentHtml: '<p>이번 주 토요일부터 시즌 2가 시작됩니다.</p>' },
  { _id: 'notice-e2e-2', title: '점검 안내', content: '점검', contentHtml: '<p>점검</p>', popupContent: null, popupContentHtml: null },
];

test.describe('home on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the search box and the Top 5 clan and player tables in ranking order', async ({ page, request }) => {
    const clans = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings?limit=5');
    const players = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=5');
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: '검색어' })).toHaveAttribute('placeholder', '닉네임/군번 또는 클랜');
    await expect(page.getByRole('button', { name: '검색', exact: true })).toBeVisible();

    const clanRows = page.getByTestId('home-top-clans').locator('tbody tr');
    await expect(clanRows).toHaveCount(5);
    await expect(clanRows.getByRole('link')).toHaveText(clans.map((clan) => clan.clanName));
    await expect(clanRows.nth(0).getByRole('img', { name: '1위 메달' })).toBeVisible();
    await expect(clanRows.nth(2).getByRole('img', { name: '3위 메달' })).toBeVisible();
    await expect(clanRows.nth(3)).toContainText(`${clans[3]!.wins}승 ${clans[3]!.losses}패 ${clans[3]!.draws}무`);

    const playerRows = page.getByTestId('home-top-players').locator('tbody tr');
    await expect(playerRows).toHaveCount(5);
    await expect(playerRows.getByRole('link')).toHaveText(players.map((player) => player.nickname));
    await expect(playerRows.nth(0).getByRole('img', { name: '1위 왕관' })).toBeVisible();
    await expect(playerRows.nth(4).getByRole('img', { name: '5위 별' })).toBeVisible();
    await expect(playerRows.nth(1)).toContainText(players[1]!.rating.toLocaleString('ko-KR'));
  });

  test('a Top 5 clan opens its clan page and a player opens the player page', async ({ page, request }) => {
    const [clan] = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings?limit=1');
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    await page.goto('/');
    await expect(page.getByTestId('home-top-clans').getByRole('link', { name: clan!.clanName }))
      .toHaveAttribute('href', `/league/sal-beginner/clan/${clan!.clanSlug}`);
    await page.getByTestId('home-top-players').getByRole('link', { name: player!.nickname }).click();
    // The Top 5 shows the ranking's (beginner league) figures: the link carries that league.
    await expect(page).toHaveURL(`/sal/player/${player!.playerId}?league=sal-beginner`);
  });

  test('shows no popup when no popup notice exists', async ({ page }) => {
    const answered = page.waitForResponse((response) => response.url().includes('/api/sal/notice'));
    await page.goto('/');
    await answered;
    await expect(page.getByTestId('home-top-players').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('shows the first popup notice, closes it, and hides it for the day when asked', async ({ page }) => {
    await page.route(apiCall('/api/sal/notice', { popupOnly: '1' }), (route) => route.fulfill({ json: POPUP_NOTICES }));
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: '시즌 2 개막 안내' });
    await expect(popup).toContainText('이번 주 토요일부터 시즌 2가 시작됩니다.');
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(popup.getByRole('link', { name: '공지 보기' })).toHaveAttribute('href', '/sal-board/notice/notice-e2e-1');
    await popup.getByRole('button', { name: '닫기' }).click();
    await expect(popup).toBeHidden();

    await page.reload();
    await expect(popup).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    await page.reload();
    await popup.getByRole('button', { name: '오늘 하루 보지 않기' }).click();
    await page.reload();
    await expect(page.getByTestId('home-top-players').locator('tbody tr')).toHaveCount(5);
    await expect(popup).toHaveCount(0);
    // The notice hidden for today does not hide the next popup notice.
    await expect(page.getByRole('dialog', { name: '점검 안내' })).toBeVisible();
  });

  test('the popup keeps Tab and Shift+Tab inside while open, and gives the focus back when closed', async ({ page }) => {
    await page.route(apiCall('/api/sal/notice', { popupOnly: '1' }), (route) => route.fulfill({ json: POPUP_NOTICES }));
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: '시즌 2 개막 안내' });
    const close = popup.getByRole('button', { name: '닫기' });
    await expect(close).toBeFocused();
    const insidePopup = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));

    // Forward past the last control comes back to the first, never to the page behind.
    await page.keyboard.press('Tab');
    await expect(popup.getByRole('link', { name: '공지 보기' })).toBeFocused();
    for (let press = 0; press < 7; press += 1) {
      await page.keyboard.press('Tab');
      expect(await insidePopup()).toBe(true);
    }
    // Backward from the first control goes to the last.
    await popup.getByRole('link', { name: '공지 보기' }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(close).toBeFocused();
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await insidePopup()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    expect(await insidePopup()).toBe(false);
  });

  test('a failing notice call leaves the home page quiet', async ({ page }) => {
    await page.route(apiCall('/api/sal/notice', { popupOnly: '1' }), (route) => route.fulfill({ status: 404, json: { error: 'not_found', message: '없음' } }));
    await page.goto('/');
    await expect(page.getByTestId('home-top-clans').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('home on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('stacks the search and both Top 5 tables within the screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: '검색어' })).toBeVisible();
    await expect(page.getByTestId('home-top-clans').locator('tbody tr')).toHaveCount(5);
    await expect(page.getByTestId('home-top-players').locator('tbody tr')).toHaveCount(5);
    const clans = await page.getByTestId('home-top-clans').boundingBox();
    const players = await page.getByTestId('home-top-players').boundingBox();
    expect(players!.y).toBeGreaterThan(clans!.y + clans!.height - 1);
    expect(await fitsScreenWidth(page)).toBe(true);
  });
});
