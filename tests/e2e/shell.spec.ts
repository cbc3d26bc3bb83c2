import { expect, test } from '@playwright/test';
import { openSignedIn } from './helpers.js';

const SIDEBAR_LINKS: [string, string][] = [
  ['클랜 랭킹', '/league/sal-beginner'],
  ['개인 랭킹', '/rank/sal-player'],
  ['리그 전체', '/league/sal'],
  ['리그별 개인 랭킹', '/rank/player'],
  ['자유게시판', '/sal-board/free'],
  ['공지사항', '/sal-board/notice'],
  ['유저 거래', '/trade/user'],
  ['내 거래', '/trade/user?mine=1'],
  ['채팅 목록', '/trade/chats'],
  ['업체 홍보', '/trade/ads'],
  ['문의하기', '/suggest'],
  ['무소속 명단 제외 요청', '/sal-board/exclude'],
];

const ADMIN_LINKS: [string, string][] = [
  ['공지 작성', '/admin/notice'],
  ['신뢰 사용자 관리', '/admin/trust'],
  ['홍보 광고 관리', '/admin/trade/ads'],
];

test.describe('the shell on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows every sidebar link, the NEW flag and the disabled hardcore list, and no admin links for visitors', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    for (const [name, href] of SIDEBAR_LINKS) {
      await expect(nav.getByRole('link', { name, exact: false }).filter({ hasText: name }).first()).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: /클랜 랭킹/ })).toContainText('NEW');
    const hardcore = nav.getByText('하드코어 유저 목록');
    await expect(hardcore).toBeVisible();
    await expect(hardcore.locator('..')).toHaveAttribute('aria-disabled', 'true');
    await expect(nav.getByRole('link', { name: '하드코어 유저 목록' })).toHaveCount(0);
    for (const [name] of ADMIN_LINKS) await expect(nav.getByRole('link', { name })).toHaveCount(0);
    await expect(page.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/signup');
  });

  test('marks the current page in the sidebar', async ({ page }) => {
    await page.goto('/trade/user?mine=1');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await expect(nav.getByRole('link', { name: '내 거래' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: '유저 거래' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('shows the admin links to an admin', async ({ page }) => {
    await openSignedIn(page, '/', 'admin', '운영자A');
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    for (const [name, href] of ADMIN_LINKS) await expect(nav.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  test('signed in: avatar and nickname open a menu with my page and logout, and logout clears the session', async ({ page }) => {
    await openSignedIn(page, '/terms', 'user', '저격의신');
    await expect(page.getByRole('link', { name: '로그인' })).toHaveCount(0);
    const trigger = page.getByRole('button', { name: '사용자 메뉴' });
    await expect(trigger).toContainText('저격의신');
    await trigger.click();
    await expect(page.getByRole('menuitem', { name: '마이페이지' })).toHaveAttribute('href', '/mypage');
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
    const stored = await page.evaluate(() => ['token', 'userId', 'role', 'user'].map((key) => localStorage.getItem(key)));
    expect(stored).toEqual([null, null, null, null]);
  });

  test('removes a stored token that cannot be decoded', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('token', 'not-a-token'));
    await page.goto('/');
    await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the theme is dark by default, switches, and stays after a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('radio', { name: '라이트' }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('radio', { name: '라이트' })).toHaveAttribute('aria-checked', 'true');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(245, 247, 251)');
  });

  test('the system theme follows the operating system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('radio', { name: '시스템' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
  });

  test('an unknown route shows the 404 error page with a link home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    const error = page.getByTestId('error-page');
    await expect(error).toContainText('오류 코드 404');
    await expect(error.getByRole('heading')).toHaveText('페이지를 찾을 수 없습니다');
    await error.getByRole('link', { name: '홈으로 가기' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the error page explains 401, 500, no response and other codes', async ({ page }) => {
    await page.goto('/error?status=401');
    await expect(page.getByRole('heading', { name: '인증이 필요합니다' })).toBeVisible();
    await expect(page.getByTestId('error-page').getByRole('link', { name: '로그인하기' })).toHaveAttribute('href', '/login');
    await page.goto('/error?status=500');
    await expect(page.getByRole('heading', { name: '서버 오류' })).toBeVisible();
    await page.goto('/error?status=000');
    await expect(page.getByRole('heading', { name: '서버에 연결할 수 없습니다' })).toBeVisible();
    await page.goto('/error?status=418');
    await expect(page.getByTestId('error-page')).toContainText('오류 코드 418');
    await expect(page.getByRole('heading', { name: '문제가 발생했습니다' })).toBeVisible();
  });

  test('a page whose code fails to load shows the Korean error page inside the shell, and a reload brings it', async ({ page }) => {
    await page.route(/\/assets\/LeagueHubPage-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/league/sal');
    const error = page.getByTestId('error-page');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText('페이지를 불러오지 못했습니다');
    await expect(error).toContainText('새로고침하면 최신 버전을 다시 불러옵니다.');
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
    await expect(page).toHaveTitle('페이지를 불러오지 못했습니다 · SAL 리그');

    await page.unrouteAll();
    await error.getByRole('button', { name: '새로고침' }).click();
    await expect(page.getByTestId('league-hub')).toBeVisible();
  });

  test('a chunk failing on a link from another page shows the same error page', async ({ page }) => {
    await page.goto('/');
    await page.route(/\/assets\/SalRankingPage-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '개인 랭킹', exact: true }).click();
    await expect(page.getByTestId('error-page').getByRole('heading', { level: 1 })).toHaveText('페이지를 불러오지 못했습니다');
    await expect(page.getByTestId('error-page').getByRole('button', { name: '새로고침' })).toBeVisible();
  });

  test('a page that breaks while rendering shows the Korean error page, not the router\'s English one', async ({ page }) => {
    // A standings answer holding null instead of a row makes the page throw while rendering.
    await page.route((url) => url.pathname === '/api/league/sal-beginner/standings', (route) => route.fulfill({ json: [null] }));
    await page.goto('/league/sal-beginner');
    const error = page.getByTestId('error-page');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText('페이지를 표시하는 중 문제가 발생했습니다');
    await expect(error.getByRole('link', { name: '홈으로 가기' })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });

  test('the shell paints before a page chunk arrives, and the home page needs no chunk of its own', async ({ page }) => {
    const homeChunks: string[] = [];
    page.on('request', (request) => /\/assets\/HomePage-/.test(request.url()) && homeChunks.push(request.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'SAL 리그 전적 검색' })).toBeVisible();
    expect(homeChunks).toEqual([]);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/LeagueHubPage-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/league/sal', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
    await expect(page.getByTestId('route-loading')).toHaveText('불러오는 중...');
    await expect(page.getByTestId('league-hub')).toHaveCount(0);
    release();
    await expect(page.getByTestId('league-hub')).toBeVisible();
    await expect(page.getByTestId('route-loading')).toHaveCount(0);
  });

  test('the page paints the shell before the app\'s code runs, in the visitor\'s theme and with this page\'s link marked', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/rank/sal-player');
    const shell = page.locator('.prerendered--desktop');
    await expect(shell.locator('nav.sidebar')).toBeVisible();
    await expect(shell.locator('a.nav-link[aria-current="page"]')).toHaveAttribute('href', '/rank/sal-player');
    await expect(shell.locator('.theme-switch__option[aria-checked="true"]')).toHaveAttribute('data-choice', 'light');
    await expect(shell.locator('main#content')).toHaveText('불러오는 중...');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The phone frame waits hidden; the app, when it starts, draws the same shell in place of both.
    await expect(page.locator('.prerendered--mobile')).toBeHidden();
    await page.unrouteAll();
    await page.reload();
    await expect(page.getByRole('link', { name: '개인 랭킹', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.prerendered')).toHaveCount(0);
  });

  test('the shell painted before the app\'s code runs shows a member no login links, and marks the link of its address with its query', async ({ page }) => {
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await openSignedIn(page, '/trade/user?mine=1', 'user', '미리그림');
    const shell = page.locator('.prerendered--desktop');
    await expect(shell.locator('nav.sidebar')).toBeVisible();
    await expect(shell.locator('a.nav-link[aria-current="page"]')).toHaveCount(1);
    await expect(shell.locator('a.nav-link[aria-current="page"]')).toHaveAttribute('href', '/trade/user?mine=1');
    await expect(shell.locator('a[href="/login"], a[href="/signup"]')).toHaveCount(0);
  });

  test('the footer links the terms and privacy pages and shows the contact e-mail', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('footer-contact')).toHaveAttribute('href', 'mailto:help@sal-league.test');
    await page.getByRole('contentinfo').getByRole('link', { name: '이용약관' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '이용약관' })).toBeVisible();
    await expect(page.getByText('만 14세 미만은 회원으로 가입할 수 없습니다.')).toBeVisible();
    await expect(page.getByText(/시행일 7일 전부터/)).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: '개인정보처리방침' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '개인정보처리방침' })).toBeVisible();
    for (const retention of ['접속 로그): 30일', '기록: 5년', '기록: 3년', '기록: 6개월', '접속 기록): 3개월']) {
      await expect(page.getByText(retention, { exact: false })).toBeVisible();
    }
    await expect(page.locator('#content').getByText('문의: help@sal-league.test')).toBeVisible();
  });

  test('the exchange page says it is not open yet', async ({ page }) => {
    await page.goto('/exchange');
    await expect(page.getByRole('heading', { name: '환전소' })).toBeVisible();
    await expect(page.getByRole('link', { name: '유저 거래로 가기' })).toHaveAttribute('href', '/trade/user');
  });
});

test.describe('the shell on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('hides the sidebar behind a slide-in menu and shows the home icon and floating home button', async ({ page }) => {
    await page.goto('/terms');
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: '홈' })).toBeVisible();
    await expect(page.getByRole('link', { name: '홈으로', exact: true })).toBeVisible();

    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await expect(drawer).toBeVisible();
    // The drawer slides in; once it has, it sits at the left edge.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(0);
    await drawer.getByRole('link', { name: '개인 랭킹', exact: true }).click();
    await expect(page).toHaveURL('/rank/sal-player');
    await expect(drawer).toBeHidden();

    await page.getByRole('link', { name: '홈으로', exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test('paints the phone frame before the app\'s code runs: the menu and home buttons, no sidebar', async ({ page }) => {
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/league/sal-beginner');
    const shell = page.locator('.prerendered--mobile');
    await expect(shell.locator('.top-bar button.icon-button')).toBeVisible();
    await expect(shell.locator('.drawer')).toBeHidden();
    await expect(shell.locator('.floating-home')).toBeVisible();
    await expect(page.locator('.prerendered--desktop')).toBeHidden();
  });

  test('closes the menu with its close button', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    const drawer = page.getByTestId('mobile-drawer');
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: '메뉴 닫기' }).click();
    await expect(drawer).toBeHidden();
  });

  test('keeps the page within the screen width', async ({ page }) => {
    await page.goto('/privacy');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
