import { expect, test, type Locator, type Page } from '@playwright/test';
import { getJson, type RankingRowData } from './stats-fixtures.js';

/**
 * Clan marks (docs/product/statistics-api.md#clan-marks) on the ranking's desktop table, whose hundred rows are all
 * on the page: the default mark until the background layer loads and instead of it when it cannot, the front layer
 * over it when that loads too, each address asked for once, and marks far below the screen not asked for until
 * the reader scrolls near them.
 */

interface MarkedRow extends RankingRowData {
  clanSlug: string | null;
  mark_bg: string | null;
  mark_front: string | null;
}

/** How far below the screen a mark may be asked for early (the page's look-ahead, with a margin). */
const LOOK_AHEAD_PX = 300 + 200;

const logoPath = (url: string) => new URL(url).pathname;

async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

function visibleLayer(mark: Locator, layer: 'default' | 'background' | 'front') {
  return mark.locator(`.clan-logo__${layer}`).evaluate((image) => getComputedStyle(image).visibility === 'visible');
}

test.describe('clan marks on the ranking (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the default mark until the background loads, layers once they do, each address once, near the screen only', async ({ page, request }) => {
    const rows = await getJson<MarkedRow[]>(request, '/api/sal/user/ranking?limit=100&skip=0');
    const layered = rows.filter((row) => row.mark_bg?.startsWith('/clan-logos/') && row.mark_front);
    const clans = [...new Map(layered.map((row) => [row.mark_bg, row])).values()];
    expect(clans.length).toBeGreaterThanOrEqual(3);
    // One clan's background fails, another's front: the marks of every row of those clans say so.
    const [noBackground, noFront, whole] = clans as [MarkedRow, MarkedRow, MarkedRow];
    const failing = new Set([noBackground.mark_bg!, noFront.mark_front!]);
    await page.route('**/clan-logos/**', (route) => (failing.has(logoPath(route.request().url()))
      ? route.fulfill({ status: 404, body: '' })
      : route.continue()));
    const asked: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/clan-logos/')) asked.push(logoPath(req.url()));
    });

    await page.goto('/ranking');
    const rowMarks = page.getByTestId('ranking-row').locator('.clan-logo');
    await expect(rowMarks).toHaveCount(rows.length);
    const markOf = (row: MarkedRow) => rowMarks.nth(rows.indexOf(row));

    // Only marks near the screen are asked for: every address asked belongs to a row within the look-ahead.
    await page.waitForLoadState('networkidle');
    await nextFrames(page);
    const tops = await rowMarks.evaluateAll((marks) => marks.map((mark) => mark.getBoundingClientRect().top));
    const near = new Set(rows.filter((_, index) => tops[index]! < 800 + LOOK_AHEAD_PX).flatMap((row) => [row.mark_bg, row.mark_front]));
    expect(asked.filter((address) => !near.has(address) && !address.endsWith('default_clan.png'))).toEqual([]);

    await markOf(whole).scrollIntoViewIfNeeded();
    await expect(markOf(whole)).toHaveAttribute('data-loaded', 'background front');
    expect(await visibleLayer(markOf(whole), 'default')).toBe(false);
    expect(await visibleLayer(markOf(whole), 'front')).toBe(true);
    await markOf(noFront).scrollIntoViewIfNeeded();
    await expect(markOf(noFront)).toHaveAttribute('data-loaded', 'background');
    expect(await visibleLayer(markOf(noFront), 'background')).toBe(true);
    expect(await visibleLayer(markOf(noFront), 'front')).toBe(false);
    await markOf(noBackground).scrollIntoViewIfNeeded();
    await expect.poll(() => asked.includes(noBackground.mark_bg!)).toBe(true);
    await page.waitForLoadState('networkidle');
    await nextFrames(page);
    await expect(markOf(noBackground)).not.toHaveAttribute('data-loaded');
    expect(await visibleLayer(markOf(noBackground), 'default')).toBe(true);
    expect(await visibleLayer(markOf(noBackground), 'background')).toBe(false);

    // The lowest row of a clan with layers, scrolled to, shows them; no address was asked for twice.
    const lowest = rows.findLast((row) => layered.includes(row) && !failing.has(row.mark_bg!) && !failing.has(row.mark_front!))!;
    await markOf(lowest).scrollIntoViewIfNeeded();
    await expect(markOf(lowest)).toHaveAttribute('data-loaded', 'background front');
    await page.waitForLoadState('networkidle');
    expect(asked.filter((address, index) => asked.indexOf(address) !== index)).toEqual([]);
  });
});
