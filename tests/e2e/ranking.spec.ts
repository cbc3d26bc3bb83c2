import { expect, test, type Page } from '@playwright/test';
import { getJson, type RankingRowData } from './stats-fixtures.js';

const PAGE_SIZE = 100;

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

async function rankedTotal(page: Page, playerId: string): Promise<number> {
  const position = await getJson<{ total: number }>(page.request, `/api/sal/user/ranking/position/${playerId}`);
  return position.total;
}

test.describe('the personal ranking on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the 12-column table, crowns for 1-3 and stars for 4-5, rows linking to the player', async ({ page, request }) => {
    const firstPage = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=100&skip=0');
    await page.goto('/rank/sal-player');
    const table = page.getByTestId('ranking-table');
    await expect(table.locator('thead th')).toHaveText(
      ['순위', '닉네임', '클랜', '레이팅', '경기', '승', '패', '무', '승률', 'K/D %', '평균 킬', 'MVP']);
    const rows = page.getByTestId('ranking-row');
    await expect(rows).toHaveCount(Math.min(PAGE_SIZE, firstPage.length));
    await expect(rows.nth(0).getByRole('link')).toHaveText(firstPage[0]!.nickname);
    for (const rank of [1, 2, 3]) await expect(rows.nth(rank - 1).getByRole('img', { name: `${rank}위 왕관` })).toBeVisible();
    for (const rank of [4, 5]) await expect(rows.nth(rank - 1).getByRole('img', { name: `${rank}위 별` })).toBeVisible();
    await expect(rows.nth(5).getByRole('img')).toHaveCount(0);
    const ratings = await rows.locator('td:nth-child(4)').allTextContents();
    const numbers = ratings.map((text) => Number(text.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await rows.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(`/sal/player/${firstPage[1]!.playerId}?league=sal-beginner`);
  });

  test('infinite scroll loads 100 more near the bottom and ends with the all-loaded message', async ({ page, request }) => {
    // Fifteen pages on a shared two-core machine: allow each page its own time.
    test.setTimeout(240_000);
    const [top] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const total = await rankedTotal(page, top!.playerId);
    expect(total).toBeGreaterThan(PAGE_SIZE);
    await page.goto('/ranking');
    const rows = page.getByTestId('ranking-row');
    await expect(rows).toHaveCount(PAGE_SIZE);
    await expect(page.getByText('모든 랭킹을 불러왔습니다.')).toHaveCount(0);

    const nextPage = page.waitForRequest((req) => req.url().includes('/api/sal/user/ranking?') && req.url().includes('skip=100'));
    await scrollToBottom(page);
    await nextPage;
    await expect(rows).toHaveCount(Math.min(2 * PAGE_SIZE, total));

    const allLoaded = page.getByText('모든 랭킹을 불러왔습니다.');
    for (let attempt = 0; attempt < Math.ceil(total / PAGE_SIZE) + 2 && !(await allLoaded.isVisible()); attempt += 1) {
      const before = await rows.count();
      await scrollToBottom(page);
      await expect.poll(async () => (await rows.count()) > before || (await allLoaded.isVisible()), { timeout: 20_000 }).toBe(true);
    }
    await expect(allLoaded).toBeVisible();
    await expect(rows).toHaveCount(total);
    const lastRank = await rows.last().locator('td').first().textContent();
    expect(Number(lastRank)).toBe(total);
  });

  test('finds a player position by enlistment number', async ({ page, request }) => {
    const firstPage = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=10');
    const target = firstPage[6]!;
    const total = await rankedTotal(page, target.playerId);
    await page.goto('/rank/sal-player');
    const box = page.getByRole('textbox', { name: '군번' });
    const answer = page.getByTestId('ranking-position');
    await box.fill('12');
    await page.getByRole('button', { name: '찾기' }).click();
    await expect(answer).toHaveText('군번은 5자리 이상의 숫자입니다.');
    await box.fill(target.playerId);
    await page.getByRole('button', { name: '찾기' }).click();
    await expect(answer).toContainText(`${total}명 중 ${target.rank}위`);
    await expect(answer.getByRole('link')).toHaveAttribute('href', `/sal/player/${target.playerId}?league=sal-beginner`);
    await box.fill('99999999999');
    await page.getByRole('button', { name: '찾기' }).click();
    await expect(answer).toHaveText('랭킹에 없는 군번입니다.');
  });
});

test.describe('the personal ranking on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows cards instead of the table, a screen of them first and more as the reader scrolls', async ({ page, request }) => {
    const firstPage = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=3');
    await page.goto('/rank/sal-player');
    await expect(page.getByTestId('ranking-cards')).toBeVisible();
    await expect(page.getByTestId('ranking-table')).toHaveCount(0);
    const rows = page.getByTestId('ranking-row');
    await expect(rows.nth(0)).toContainText(firstPage[0]!.nickname);
    await expect(rows.nth(0).getByRole('img', { name: '1위 왕관' })).toBeVisible();
    // The cards shown at first fill the screen; the rest of the page's hundred wait below it.
    const shownFirst = await rows.count();
    expect(shownFirst).toBeLessThan(PAGE_SIZE);
    expect(await rows.last().evaluate((card) => card.getBoundingClientRect().bottom)).toBeGreaterThan(844);
    // The button (for keyboard users) shows the further cards before asking for the next page.
    await page.getByRole('button', { name: '더 보기' }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(shownFirst);
    // Scrolling on shows the rest of the page's cards, then the next page's, in rank order: the card after the
    // first hundred is the second page's first player. (Further scrolls may show more of that page before the
    // poll looks, so the count is a lower bound.)
    const [nextPageFirst] = await getJson<RankingRowData[]>(request, `/api/sal/user/ranking?limit=1&skip=${PAGE_SIZE}`);
    await expect.poll(async () => {
      await scrollToBottom(page);
      return rows.count();
    }, { timeout: 30_000 }).toBeGreaterThan(PAGE_SIZE);
    await expect(rows.nth(PAGE_SIZE)).toContainText(nextPageFirst!.nickname);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});

test.describe('the division rankings', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/rank/player offers the two divisions and tabs switch between them', async ({ page }) => {
    await page.goto('/rank/player');
    const cards = page.getByTestId('rank-chooser').getByRole('link');
    await expect(cards).toHaveCount(2);
    await cards.first().click();
    await expect(page).toHaveURL('/rank/player/supply');
    const tabs = page.getByRole('navigation', { name: '리그 선택' });
    await expect(tabs.getByRole('link', { name: '공식 리그' })).toHaveAttribute('aria-current', 'page');
    await tabs.getByRole('link', { name: '3부 리그' }).click();
    await expect(page).toHaveURL('/rank/player/sanply');
    await expect(tabs.getByRole('link', { name: '3부 리그' })).toHaveAttribute('aria-current', 'page');
  });

  test('a division table pages with its cursor and links rows to the division player page', async ({ page, request }) => {
    const first = await getJson<{ data: { rank: number; division: string; player: { id: string; name: string } }[]; metadata: { cursor: { next?: string } } }>(
      request, '/api/proxy/player-rank/supply');
    await page.goto('/rank/player/supply');
    const table = page.getByTestId('division-ranking-table');
    // Leagues 1 and 2 in one table: each row names its league, the rank is the combined one; draws are shown
    // because the win rate counts them.
    await expect(table.locator('thead th')).toHaveText(['순위 (1·2부 통합)', '플레이어', '리그', '승', '패', '무', '승률', 'K/D %', '평균 킬', '레이팅']);
    const rows = page.getByTestId('ranking-row');
    await expect(rows).toHaveCount(first.data.length);
    const top = first.data[0]!;
    await expect(rows.nth(0).locator('td').nth(1)).toHaveText({ 'supply-1': '1부 리그', 'supply-2': '2부 리그' }[top.division]!);
    await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/player/${top.division}/${top.player.id}`);
    if (first.metadata.cursor.next) {
      const more = page.getByRole('button', { name: '더 보기' });
      await more.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(first.data.length);
    } else {
      await expect(page.getByText('모든 랭킹을 불러왔습니다.')).toBeVisible();
    }
  });

  test('a failing division call redirects to the error page with its status', async ({ page }) => {
    await page.route((url) => url.pathname === '/api/proxy/player-rank/sanply', (route) => route.fulfill({ status: 503, json: { error: 'upstream', message: '오류' } }));
    await page.goto('/rank/player/sanply');
    await expect(page).toHaveURL('/error?status=503');
  });
});

test.describe('the division rankings on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('/rank/player offers its two divisions as cards within the screen', async ({ page }) => {
    await page.goto('/rank/player');
    const cards = page.getByTestId('rank-chooser').getByRole('link');
    await expect(cards).toHaveText([/공식 리그/, /3부 리그/]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await cards.nth(1).click();
    await expect(page).toHaveURL('/rank/player/sanply');
  });

  test('a division ranking on a phone: its nine columns scroll inside the panel, rows link to the player', async ({ page, request }) => {
    const first = await getJson<{ data: { division: string; player: { id: string; name: string } }[] }>(request, '/api/proxy/player-rank/sanply');
    await page.goto('/rank/player/sanply');
    const rows = page.getByTestId('ranking-row');
    await expect(rows).toHaveCount(first.data.length);
    await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/player/${first.data[0]!.division}/${first.data[0]!.player.id}`);
    await expect(page.getByRole('navigation', { name: '리그 선택' }).getByRole('link', { name: '3부 리그' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The table is wider than the phone: it says it slides.
    await expect(page.getByTestId('table-scroll-hint')).toBeVisible();
  });
});
