import { expect, test } from '@playwright/test';
import { apiCall, fitsScreenWidth, getJson, type StandingRowData } from './stats-fixtures.js';

interface SummaryRowData {
  clan: { slug: string; name: string };
  rank: number;
  rating: number;
  win: number;
  lose: number;
  draw: number;
}

interface ClanListRowData {
  clanSlug: string;
  clanName: string;
  memberCount: number;
  totalMatches: number;
}

const EMPTY_TEXT = '클랜 데이터가 없거나 결과가 없습니다.';

test.describe('league pages on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/league/sal is a hub with four league cards', async ({ page }) => {
    await page.goto('/league/sal');
    const cards = page.getByTestId('league-hub').getByRole('link');
    await expect(cards).toHaveCount(4);
    const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/league/supply-1', '/league/supply-2', '/league/sanply', '/league/sal-beginner']);
    await cards.nth(2).click();
    await expect(page).toHaveURL('/league/sanply');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('3부 리그');
  });

  test('standings: every clan in the served order, sorted, with medals, placement badges and clan links', async ({ page, request }) => {
    const standings = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings');
    await page.goto('/league/sal-beginner');
    const rows = page.getByTestId('standings-row');
    await expect(rows).toHaveCount(standings.length);
    await expect(rows.getByRole('link')).toHaveText(standings.map((row) => row.clanName));

    // What the reader checks: clans with matches first, scores never rising down the table among them.
    const played = standings.filter((row) => row.totalMatches > 0);
    expect(standings.slice(0, played.length)).toEqual(played);
    for (let index = 1; index < played.length; index += 1) expect(played[index]!.score).toBeLessThanOrEqual(played[index - 1]!.score);

    await expect(rows.nth(0).getByRole('img', { name: '1위 메달' })).toBeVisible();
    await expect(rows.nth(1).getByRole('img', { name: '2위 메달' })).toBeVisible();
    await expect(rows.nth(2).getByRole('img', { name: '3위 메달' })).toBeVisible();
    await expect(rows.nth(3).getByRole('img')).toHaveCount(0);

    const placing = standings.findIndex((row) => row.totalMatches >= 1 && row.totalMatches <= 19);
    expect(placing).toBeGreaterThanOrEqual(0);
    await expect(rows.nth(placing)).toContainText(`배치 ${standings[placing]!.totalMatches}/20`);
    const regular = standings.findIndex((row) => row.totalMatches >= 20);
    await expect(rows.nth(regular)).not.toContainText('배치');

    const first = standings[0]!;
    await expect(rows.nth(0)).toContainText(`${first.wins}승 ${first.losses}패 ${first.draws}무`);
    await rows.nth(0).getByRole('link', { name: first.clanName }).click();
    await expect(page).toHaveURL(`/league/sal-beginner/clan/${first.clanSlug}`);
  });

  test('standings: the updating badge shows only for running ingest updated within 10 minutes', async ({ page, request }) => {
    const standings = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings');
    const fresh = new Date(Date.now() - 2 * 60_000).toISOString();
    const stale = new Date(Date.now() - 20 * 60_000).toISOString();
    const served = standings.map((row, index) => ({
      ...row,
      ingest: index === 0 ? { running: true, updatedAt: fresh } : index === 1 ? { running: true, updatedAt: stale } : { running: false, updatedAt: fresh },
    }));
    await page.route(apiCall('/api/league/sal-beginner/standings'), (route) => route.fulfill({ json: served }));
    await page.goto('/league/sal-beginner');
    const rows = page.getByTestId('standings-row');
    await expect(rows.nth(0).getByTestId('updating-badge')).toHaveText('업데이트 중');
    await expect(rows.nth(1).getByTestId('updating-badge')).toHaveCount(0);
    await expect(page.getByTestId('updating-badge')).toHaveCount(1);
  });

  test('standings: the Elo explainer opens and closes, and the name filter narrows the table', async ({ page, request }) => {
    const standings = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings');
    await page.goto('/league/sal-beginner');
    const explainer = page.getByText('승률이 낮은데 Elo가 높은 이유는?');
    const body = page.getByText(/상대의 강함을 반영합니다/);
    await expect(body).toBeHidden();
    await explainer.click();
    await expect(body).toBeVisible();
    await explainer.click();
    await expect(body).toBeHidden();

    const target = standings[standings.length - 1]!;
    await page.getByLabel('클랜명 검색').fill(target.clanName);
    const expected = standings.filter((row) => row.clanName.toLowerCase().includes(target.clanName.toLowerCase()));
    await expect(page.getByTestId('standings-row')).toHaveCount(expected.length);
    await expect(page.getByTestId('standings-row').first()).toContainText(String(target.rank));
    await page.getByLabel('클랜명 검색').fill('존재하지않는클랜명zz');
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  });

  test('standings: loading, error and empty texts', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(apiCall('/api/league/sal-beginner/standings'), async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { error: 'internal_error', message: '서버 오류가 발생했습니다.' } });
    });
    await page.goto('/league/sal-beginner');
    await expect(page.getByTestId('status-loading')).toHaveText('불러오는 중...');
    release();
    await expect(page.getByRole('alert')).toHaveText('오류: 서버 오류가 발생했습니다.', { timeout: 10_000 });

    await page.unrouteAll();
    await page.route(apiCall('/api/league/sal-beginner/standings'), (route) => route.fulfill({ json: [] }));
    await page.reload();
    await expect(page.getByText(EMPTY_TEXT)).toBeVisible();
  });

  test('a division table: rank, clan, record, win rate and ladder points in the served order', async ({ page, request }) => {
    const summary = await getJson<SummaryRowData[]>(request, '/api/league-summary/supply-1');
    await page.goto('/league/supply-1');
    const table = page.getByTestId('division-table');
    await expect(table.locator('thead th')).toHaveText(['순위', '클랜명', '전적', '승률', '래더 점수']);
    const rows = page.getByTestId('division-row');
    await expect(rows).toHaveCount(summary.length);
    await expect(rows.getByRole('link')).toHaveText(summary.map((row) => row.clan.name));
    await expect(rows.nth(0).getByRole('img', { name: '1위 메달' })).toBeVisible();
    await expect(rows.nth(1)).toContainText(`${summary[1]!.win}승 ${summary[1]!.lose}패 ${summary[1]!.draw}무`);
    await expect(rows.nth(1)).toContainText(summary[1]!.rating.toLocaleString('ko-KR'));
    await expect(rows.nth(0).getByRole('link')).toHaveAttribute('href', `/league/supply-1/clan/${summary[0]!.clan.slug}`);
  });

  test('the clan list variant: members, total matches, score and win rate', async ({ page, request }) => {
    const clans = await getJson<ClanListRowData[]>(request, '/api/league/supply-2/clans');
    await page.goto('/league/supply-2');
    await page.getByRole('link', { name: '클랜 목록' }).click();
    await expect(page).toHaveURL('/league/supply-2?view=list');
    const table = page.getByTestId('clan-list-table');
    await expect(table.locator('thead th')).toHaveText(['순위', '클랜명', '인원', '총 경기', '점수', '승률']);
    const rows = page.getByTestId('clan-list-row');
    await expect(rows).toHaveCount(clans.length);
    await expect(rows.nth(0).locator('td').nth(1)).toHaveText(String(clans[0]!.memberCount));
    await expect(rows.nth(0).locator('td').nth(2)).toHaveText(clans[0]!.totalMatches.toLocaleString('ko-KR'));
    await page.getByRole('link', { name: '순위표' }).click();
    await expect(page.getByTestId('division-table')).toBeVisible();
  });

  test('an unknown league shows the server error', async ({ page }) => {
    await page.goto('/league/no-such-league');
    await expect(page.getByRole('alert')).toHaveText(/^오류: .+/);
  });
});

test.describe('league pages on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('standings use the card variant with the same order and badges', async ({ page, request }) => {
    const standings = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings');
    await page.goto('/league/sal-beginner');
    await expect(page.getByTestId('standings-cards')).toBeVisible();
    await expect(page.getByTestId('standings-table')).toHaveCount(0);
    const rows = page.getByTestId('standings-row');
    await expect(rows).toHaveCount(standings.length);
    await expect(rows.nth(0)).toContainText(standings[0]!.clanName);
    await expect(rows.nth(0).getByRole('img', { name: '1위 메달' })).toBeVisible();
    const placing = standings.findIndex((row) => row.totalMatches >= 1 && row.totalMatches <= 19);
    expect(placing).toBeGreaterThanOrEqual(0);
    await expect(rows.nth(placing)).toContainText('배치');
    expect(await fitsScreenWidth(page)).toBe(true);
    // The name filter box ends inside the screen (its own width once pushed it past the edge, clipped).
    const filter = await page.getByLabel('클랜명 검색').boundingBox();
    expect(filter!.x + filter!.width).toBeLessThanOrEqual(390);
  });

  test('a division uses the simpler list under 768 px', async ({ page, request }) => {
    const summary = await getJson<SummaryRowData[]>(request, '/api/league-summary/sanply');
    await page.goto('/league/sanply');
    await expect(page.getByTestId('division-list')).toBeVisible();
    await expect(page.getByTestId('division-table')).toHaveCount(0);
    await expect(page.getByTestId('division-row')).toHaveCount(summary.length);
    expect(await fitsScreenWidth(page)).toBe(true);
  });

  test('the hub shows its four league cards two to a row within the screen', async ({ page }) => {
    await page.goto('/league/sal');
    const cards = page.getByTestId('league-hub').getByRole('link');
    await expect(cards).toHaveCount(4);
    const boxes = await Promise.all([0, 1, 2].map((index) => cards.nth(index).boundingBox()));
    expect(boxes[1]!.y).toBe(boxes[0]!.y);
    expect(boxes[2]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(await fitsScreenWidth(page)).toBe(true);
    await cards.nth(3).click();
    await expect(page).toHaveURL('/league/sal-beginner');
  });

  test('the clan list variant keeps its six columns, scrolling inside its panel, not the page', async ({ page, request }) => {
    const clans = await getJson<ClanListRowData[]>(request, '/api/league/supply-2/clans');
    await page.goto('/league/supply-2?view=list');
    const table = page.getByTestId('clan-list-table');
    await expect(table.locator('thead th')).toHaveText(['순위', '클랜명', '인원', '총 경기', '점수', '승률']);
    await expect(page.getByTestId('clan-list-row')).toHaveCount(clans.length);
    await expect(page.getByTestId('clan-list-row').first()).toContainText(clans[0]!.clanName);
    expect(await fitsScreenWidth(page)).toBe(true);
  });
});
