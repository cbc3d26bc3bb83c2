import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { LeagueClanRow } from '../../server/contracts/league.js';
import { getJson, holdRequests, layoutShiftScore, recordLayoutShifts, type RankingRowData } from './stats-fixtures.js';

/**
 * The issue asks for no layout shift when data arrives: each page's loading text lies over a skeleton sized like
 * the content, so what the reader sees first stays where it is. Each case holds the page's API call, measures
 * the skeleton, lets the answer through, and measures the content that replaced it.
 */
interface ShiftCase {
  name: string;
  path: (request: APIRequestContext) => Promise<string>;
  /** The held call. */
  api: (url: URL) => boolean;
  /** The loading text shown meanwhile. */
  loadingText: string;
  /** Blocks seen while loading, each with what stands in its place once the data is in. */
  places: [before: (page: Page) => Locator, after: (page: Page) => Locator][];
}

async function topClanSlug(request: APIRequestContext): Promise<string> {
  const clans = await getJson<LeagueClanRow[]>(request, '/api/league/sal-beginner/clans');
  return [...clans].sort((a, b) => b.totalMatches - a.totalMatches)[0]!.clanSlug;
}

async function topPlayerId(request: APIRequestContext): Promise<string> {
  const [top] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
  return top!.playerId;
}

const pathIs = (path: string) => (url: URL) => url.pathname === path;
const byTestId = (testId: string) => (page: Page) => page.getByTestId(testId);
const firstByTestId = (testId: string) => (page: Page) => page.getByTestId(testId).first();
const bySelector = (selector: string) => (page: Page) => page.locator(selector).first();

/** A table keeps its place, and its first row starts where the first skeleton row did. */
function tablePlaces(tableTestId: string, rowTestId: string): ShiftCase['places'] {
  return [[byTestId(tableTestId), byTestId(tableTestId)], [bySelector('.skeleton-row'), firstByTestId(rowTestId)]];
}

/** The skeleton in the frame (cards, a panel) and the content in its place. */
function framePlaces(contentTestId: string): ShiftCase['places'] {
  return [[bySelector('.skeleton-frame > :not(.status-message)'), byTestId(contentTestId)]];
}

const clanPage: Pick<ShiftCase, 'path' | 'api' | 'loadingText' | 'places'> = {
  path: async (request) => `/league/sal-beginner/clan/${await topClanSlug(request)}`,
  api: (url) => url.pathname.startsWith('/api/league/sal-beginner/clan-detail/'),
  loadingText: '불러오는 중...',
  places: [[bySelector('.page-skeleton--clan-header'), byTestId('clan-header')]],
};

const DESKTOP: ShiftCase[] = [
  {
    name: 'standings table', path: async () => '/league/sal-beginner', api: pathIs('/api/league/sal-beginner/standings'),
    loadingText: '불러오는 중...', places: tablePlaces('standings-table', 'standings-row'),
  },
  {
    name: 'division table', path: async () => '/league/supply-1', api: pathIs('/api/league-summary/supply-1'),
    loadingText: '불러오는 중...', places: tablePlaces('division-table', 'division-row'),
  },
  {
    name: 'personal ranking table', path: async () => '/rank/sal-player', api: pathIs('/api/sal/user/ranking'),
    loadingText: '랭킹을 불러오는 중...', places: tablePlaces('ranking-table', 'ranking-row'),
  },
  {
    name: 'division ranking table', path: async () => '/rank/player/sanply', api: pathIs('/api/proxy/player-rank/sanply'),
    loadingText: '랭킹을 불러오는 중...', places: tablePlaces('division-ranking-table', 'ranking-row'),
  },
  { name: 'clan page header', ...clanPage },
  {
    name: 'player page header', path: async (request) => `/sal/player/${await topPlayerId(request)}`,
    api: (url) => url.pathname.endsWith('/summary'),
    loadingText: '불러오는 중...', places: [[bySelector('.page-skeleton--player-header'), byTestId('player-header')]],
  },
  {
    name: 'league cards', path: async (request) => `/search?playerId=${await topPlayerId(request)}`,
    api: (url) => /^\/api\/players\/\d+\/leagues$/.test(url.pathname),
    loadingText: '불러오는 중...', places: framePlaces('league-cards'),
  },
];

const PHONE: ShiftCase[] = [
  {
    name: 'standings cards', path: async () => '/league/sal-beginner', api: pathIs('/api/league/sal-beginner/standings'),
    loadingText: '불러오는 중...', places: framePlaces('standings-cards'),
  },
  {
    name: 'ranking cards', path: async () => '/rank/sal-player', api: pathIs('/api/sal/user/ranking'),
    loadingText: '랭킹을 불러오는 중...', places: framePlaces('ranking-cards'),
  },
  { name: 'clan page header', ...clanPage },
];

async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return Math.round(box.y);
}

function checkNoShift(shiftCase: ShiftCase) {
  test(`${shiftCase.name}: the loading text shows over the skeleton and the content takes its place`, async ({ page, request }) => {
    const path = await shiftCase.path(request);
    await recordLayoutShifts(page);
    const release = await holdRequests(page, shiftCase.api);
    await page.goto(path);

    const loading = page.getByTestId('status-loading');
    await expect(loading).toHaveText(shiftCase.loadingText);
    const skeletonTops: number[] = [];
    for (const [before] of shiftCase.places) skeletonTops.push(await topOf(before(page)));
    // The text lies over the first skeleton block instead of pushing it down.
    expect(await topOf(loading)).toBeGreaterThanOrEqual(skeletonTops[0]!);

    release();
    await expect(loading).toHaveCount(0);
    const contentTops: number[] = [];
    for (const [, after] of shiftCase.places) {
      await expect(after(page)).toBeVisible();
      contentTops.push(await topOf(after(page)));
    }
    expect(contentTops).toEqual(skeletonTops);
    expect(await layoutShiftScore(page)).toBeLessThan(0.01);
  });
}

test.describe('no layout shift when data arrives, desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  for (const shiftCase of DESKTOP) checkNoShift(shiftCase);
});

test.describe('no layout shift when data arrives, phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const shiftCase of PHONE) checkNoShift(shiftCase);
});
