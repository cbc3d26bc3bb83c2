import { expect, test, type Page } from '@playwright/test';
import { apiCall, escapeRegExp, fitsScreenWidth, getJson, recordDialogs, type RankingRowData, type StandingRowData } from './stats-fixtures.js';

interface MixedAnswer {
  players: { playerId: string; nickname: string; leagueName: string }[];
  clans: { clanSlug: string; clanName: string; leagueName: string }[];
}

/** The leagues as readers know them (the cards' titles). */
const LEAGUE_TITLES: Record<string, string> = {
  'sal-beginner': '통합 비기너 리그', 'supply-1': '1부 리그', 'supply-2': '2부 리그', sanply: '3부 리그',
};

/**
 * The address of a player page the search box opened for an enlistment number. The page adds `?league=` once it
 * knows the player, and whether a typed number is some demo player's depends on the day, so either form counts.
 */
function playerPageOf(playerId: string): RegExp {
  return new RegExp(`/sal/player/${playerId}(\\?league=[a-z0-9-]+)?$`);
}

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: '검색어' });
}

test.describe('search on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('autocomplete suggests players after a pause and a suggestion opens the player page', async ({ page, request }) => {
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const prefix = player!.nickname.slice(0, 3);
    const expected = await getJson<MixedAnswer>(request, `/api/resolve/sal-mixed?keyword=${encodeURIComponent(prefix)}&form=autocomplete`);
    await page.goto('/');
    const asked = page.waitForRequest((req) => req.url().includes('/api/resolve/sal-mixed') && req.url().includes('form=autocomplete'));
    await searchBox(page).fill(prefix);
    await asked;
    const suggestions = page.getByTestId('search-suggestions');
    await expect(suggestions.getByRole('group', { name: '개인' }).getByRole('option')).toHaveCount(expected.players.length);
    const first = expected.players[0]!;
    await suggestions.getByRole('option', { name: new RegExp(escapeRegExp(first.nickname)) }).first().click();
    // The suggestion names the league its link opens (the league the player's page shows by default).
    await expect(page).toHaveURL(`/sal/player/${first.playerId}?league=${first.leagueName}`);
  });

  test('numbers do not autocomplete, and 5 or more digits go straight to the player page', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (req) => req.url().includes('/api/resolve/sal-mixed') && requests.push(req.url()));
    await page.goto('/');
    await searchBox(page).fill('1234');
    await page.waitForTimeout(700);
    expect(requests).toEqual([]);
    await expect(page.getByTestId('search-suggestions')).toHaveCount(0);
    const logged = page.waitForRequest((req) => req.url().endsWith('/api/search/log'));
    await searchBox(page).fill('  22000609 ');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(playerPageOf('22000609'));
    expect((await logged).postDataJSON()).toEqual({ keyword: '22000609', mode: 'sal' });
  });

  test('the button runs the full search: clans and individuals in two lists, and the search is logged', async ({ page, request }) => {
    const [clan] = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings?limit=1');
    const keyword = clan!.clanName;
    const expected = await getJson<MixedAnswer>(request, `/api/resolve/sal-mixed?keyword=${encodeURIComponent(keyword)}&form=full`);
    await page.goto('/');
    await searchBox(page).fill(keyword);
    const logged = page.waitForRequest((req) => req.url().endsWith('/api/search/log'));
    await page.getByRole('button', { name: '검색', exact: true }).click();
    expect((await logged).postDataJSON()).toEqual({ keyword, mode: 'sal' });
    const results = page.getByTestId('search-results');
    await expect(results.getByRole('heading', { name: `'${keyword}' 검색 결과` })).toBeVisible();
    const clanList = results.getByRole('region', { name: '클랜' });
    const playerList = results.getByRole('region', { name: '개인' });
    await expect(clanList.getByRole('link')).toHaveCount(expected.clans.length);
    await expect(playerList.getByRole('link')).toHaveCount(expected.players.length);
    await clanList.getByRole('link', { name: new RegExp(`^${escapeRegExp(keyword)}`) }).first().click();
    await expect(page).toHaveURL(`/league/${clan!.leagueName}/clan/${clan!.clanSlug}`);
  });

  test('alerts when nothing matches and when the search fails', async ({ page }) => {
    const dialogs = recordDialogs(page);
    await page.goto('/');
    await searchBox(page).fill('없는검색어zzq');
    await searchBox(page).press('Enter');
    await expect.poll(() => dialogs).toEqual(['일치하는 결과가 없습니다.']);

    await page.route(apiCall('/api/resolve/sal-mixed', { form: 'full' }), (route) => route.fulfill({ status: 500, json: { error: 'internal', message: '오류' } }));
    await searchBox(page).fill('다른검색어');
    await searchBox(page).press('Enter');
    await expect.poll(() => dialogs).toEqual(['일치하는 결과가 없습니다.', 'SAL 검색 중 오류가 발생했습니다.']);
  });

  test('an address without a number is refused; with one, the number is offered in a confirm', async ({ page }) => {
    const dialogs = recordDialogs(page);
    await page.goto('/');
    await searchBox(page).fill('https://sa.nexon.com/clan/info');
    await searchBox(page).press('Enter');
    await expect.poll(() => dialogs).toEqual(['URL 형식은 검색할 수 없습니다. 닉네임, 군번 또는 클랜명만 검색할 수 있습니다.']);

    await searchBox(page).fill('www.example.com/profile?id=12345678&x=99999');
    await searchBox(page).press('Enter');
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe('URL에서 추출한 군번 12345678(으)로 검색하시겠습니까?');
    await expect(page).toHaveURL('/');

    page.removeAllListeners('dialog');
    const accepted = recordDialogs(page, true);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(playerPageOf('12345678'));
    expect(accepted).toEqual(['URL에서 추출한 군번 12345678(으)로 검색하시겠습니까?']);
  });

  test('popular searches show while the empty box is focused, never addresses, and hide after blur', async ({ page }) => {
    const popular = { sal: [{ _id: '강철', count: 9 }, { _id: 'https://sa.nexon.com/x/123456', count: 5 }, { _id: '22000609', count: 3 }], supply: [] };
    await page.route(apiCall('/api/search/popular'), (route) => route.fulfill({ json: popular }));
    await page.goto('/');
    const list = page.getByTestId('popular-searches');
    await expect(list).toHaveCount(0);
    await searchBox(page).focus();
    await expect(list.getByRole('option')).toHaveText(['1강철', '222000609']);
    await searchBox(page).fill('a');
    await expect(list).toHaveCount(0);
    await searchBox(page).fill('');
    await expect(list).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(list).toBeHidden();
    await searchBox(page).focus();
    await list.getByRole('option', { name: /22000609/ }).click();
    await expect(page).toHaveURL(playerPageOf('22000609'));
  });
});

test.describe('search box as a combobox, its timings and its log (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('arrow keys walk the suggestions, Enter opens the active one; Enter with none active runs the full search', async ({ page, request }) => {
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const prefix = player!.nickname.slice(0, 3);
    const expected = await getJson<MixedAnswer>(request, `/api/resolve/sal-mixed?keyword=${encodeURIComponent(prefix)}&form=autocomplete`);
    const optionCount = expected.clans.length + expected.players.length;
    await page.goto('/');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill(prefix);
    const listbox = page.getByRole('listbox', { name: '검색어 추천' });
    await expect(listbox.getByRole('option')).toHaveCount(optionCount);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    await expect(box).not.toHaveAttribute('aria-activedescendant');

    // Down to the first option, on past the last it wraps to the first, and up wraps back to the last.
    const options = listbox.getByRole('option');
    const activeId = () => box.getAttribute('aria-activedescendant');
    await box.press('ArrowDown');
    expect(await activeId()).toBe(await options.nth(0).getAttribute('id'));
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    for (let step = 1; step < optionCount; step += 1) await box.press('ArrowDown');
    expect(await activeId()).toBe(await options.nth(optionCount - 1).getAttribute('id'));
    await box.press('ArrowDown');
    expect(await activeId()).toBe(await options.nth(0).getAttribute('id'));
    await box.press('ArrowUp');
    expect(await activeId()).toBe(await options.nth(optionCount - 1).getAttribute('id'));
    await expect(page.locator('[aria-selected="true"]')).toHaveCount(1);
    await expect(box).toBeFocused();

    // The last option is the last player suggested: Enter opens that player.
    const last = expected.players[expected.players.length - 1]!;
    await box.press('Enter');
    await expect(page).toHaveURL(`/sal/player/${last.playerId}?league=${last.leagueName}`);

    // Typing again clears the choice, and Enter with nothing active is the full search.
    await page.goto('/');
    await searchBox(page).fill(prefix);
    await expect(page.getByRole('listbox', { name: '검색어 추천' }).getByRole('option')).toHaveCount(optionCount);
    await searchBox(page).press('Enter');
    await expect(page.getByTestId('search-results').getByRole('heading', { name: `'${prefix}' 검색 결과` })).toBeVisible();
    // The full search's keyword is kept in the address, so a reload shows the same results.
    await expect(page).toHaveURL(`/?q=${encodeURIComponent(prefix)}`);
  });

  test('popular searches are a listbox the arrow keys reach, and Escape closes it', async ({ page }) => {
    const popular = { sal: [{ _id: '강철', count: 9 }, { _id: '22000609', count: 3 }], supply: [] };
    await page.route(apiCall('/api/search/popular'), (route) => route.fulfill({ json: popular }));
    await page.goto('/');
    await searchBox(page).focus();
    const listbox = page.getByRole('listbox', { name: '인기 검색어' });
    await expect(listbox.getByRole('option')).toHaveCount(2);
    await searchBox(page).press('ArrowDown');
    await searchBox(page).press('ArrowDown');
    await expect(listbox.getByRole('option', { name: /22000609/ })).toHaveAttribute('aria-selected', 'true');
    await searchBox(page).press('Escape');
    await expect(listbox).toBeHidden();
    await expect(searchBox(page)).toHaveAttribute('aria-expanded', 'false');
    // ArrowDown opens the closed list; the next ones walk it.
    await searchBox(page).press('ArrowDown');
    await expect(listbox).toBeVisible();
    await expect(searchBox(page)).not.toHaveAttribute('aria-activedescendant');
    await searchBox(page).press('ArrowDown');
    await searchBox(page).press('ArrowDown');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(playerPageOf('22000609'));
  });

  test('autocomplete waits 300 ms: a keyword changed within 300 ms is never asked for', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname === '/api/resolve/sal-mixed' && url.searchParams.get('form') === 'autocomplete') asked.push(url.searchParams.get('keyword')!);
    });
    await page.goto('/');
    await searchBox(page).focus();
    // Both changes happen in the page, 100 ms apart, so a busy test machine cannot stretch the gap.
    const typedAt = await page.evaluate(() => new Promise<number>((resolve) => {
      const input = document.querySelector<HTMLInputElement>('input[role="combobox"]')!;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const type = (text: string) => {
        setValue.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      type('강철전');
      setTimeout(() => {
        // The moment of the last change is read before it is made: the box's timer starts during the change.
        const changedAt = performance.now();
        type('강철늑대');
        resolve(changedAt);
      }, 100);
    }));
    await expect.poll(() => asked).toEqual(['강철늑대']);
    await page.waitForTimeout(400);
    expect(asked).toEqual(['강철늑대']);
    const askedAt = await page.evaluate(() => performance.getEntriesByType('resource')
      .filter((entry) => entry.name.includes('/api/resolve/sal-mixed') && entry.name.includes('form=autocomplete'))
      .map((entry) => entry.startTime));
    expect(askedAt).toHaveLength(1);
    expect(askedAt[0]! - typedAt).toBeGreaterThanOrEqual(300);
  });

  test('the popular list hides 150 ms after the box loses focus, not before', async ({ page }) => {
    await page.route(apiCall('/api/search/popular'), (route) => route.fulfill({ json: { sal: [{ _id: '강철', count: 9 }], supply: [] } }));
    await page.goto('/');
    await searchBox(page).focus();
    await expect(page.getByTestId('popular-searches')).toBeVisible();
    const hiddenAfter = await page.evaluate(() => new Promise<number>((resolve) => {
      const listbox = document.querySelector<HTMLElement>('[role="listbox"]')!;
      const start = performance.now();
      new MutationObserver(() => {
        if (listbox.hidden) resolve(performance.now() - start);
      }).observe(listbox, { attributes: true, attributeFilter: ['hidden'] });
      document.querySelector<HTMLInputElement>('input[role="combobox"]')!.blur();
    }));
    expect(hiddenAfter).toBeGreaterThanOrEqual(150);
    expect(hiddenAfter).toBeLessThan(1000);
  });

  test('a failing search log stays silent: no alert, and the search goes on', async ({ page, request }) => {
    const [clan] = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings?limit=1');
    const dialogs = recordDialogs(page);
    await page.route(apiCall('/api/search/log'), (route) => route.fulfill({ status: 500, json: { error: 'internal_error', message: '오류' } }));
    await page.goto('/');
    const logged = page.waitForResponse((response) => response.url().endsWith('/api/search/log'));
    await searchBox(page).fill(clan!.clanName);
    await searchBox(page).press('Enter');
    expect((await logged).status()).toBe(500);
    await expect(page.getByTestId('search-results')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.unrouteAll();
    await page.route(apiCall('/api/search/log'), (route) => route.abort());
    await searchBox(page).fill('22000609');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(playerPageOf('22000609'));
    expect(dialogs).toEqual([]);
  });
});

test.describe('the supply source', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/search?playerId= shows the league cards and a card opens /player/{league}/{id}', async ({ page, request }) => {
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const leagues = await getJson<{ data: { league: { slug: string; name: string }; playerId: string; rating: number; placement: boolean }[] }>(
      request, `/api/players/${player!.playerId}/leagues`);
    await page.goto(`/search?playerId=${player!.playerId}`);
    await expect(page.getByRole('combobox', { name: '검색 대상' })).toHaveValue('supply');
    const cards = page.getByTestId('league-cards').getByRole('link');
    await expect(cards).toHaveCount(leagues.data.length);
    const first = leagues.data[0]!;
    // Cards name the league as readers know it, never by its slug.
    await expect(cards.first()).toContainText(LEAGUE_TITLES[first.league.slug]!);
    await expect(cards.first()).not.toContainText(first.league.slug);
    await expect(cards.first()).toContainText(first.rating.toLocaleString('ko-KR'));
    await expect(cards.first()).toContainText(first.placement ? '배치' : '정규');
    await cards.first().click();
    await expect(page).toHaveURL(`/player/${first.league.slug}/${first.playerId}`);
  });

  test('each league card names its league in Korean (not its slug); its K/D % uses the player K/D band', async ({ page, request }) => {
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const leagues = await getJson<{ message: string; data: Record<string, unknown>[] }>(request, `/api/players/${player!.playerId}/leagues`);
    const base = leagues.data[0]!;
    // 66 is blue for the player K/D band (the general band would make it red), 45 red, 55 green.
    const served = [
      { ...base, league: { id: 1, name: '1부 리그', slug: 'supply-1' }, kd_rate: 66, win_rate: 51.3 },
      { ...base, league: { id: 2, name: '3부 리그', slug: 'sanply' }, kd_rate: 45, win_rate: 51.3 },
      { ...base, league: { id: 3, name: '새 리그', slug: 'new-league' }, kd_rate: 55, win_rate: 51.3 },
    ];
    await page.route(apiCall(`/api/players/${player!.playerId}/leagues`), (route) => route.fulfill({ json: { message: 'success', data: served } }));
    await page.goto(`/search?playerId=${player!.playerId}`);
    const cards = page.getByTestId('league-cards').getByRole('link');
    await expect(cards).toHaveCount(3);
    await expect(cards.locator('.league-card__league')).toHaveText(['1부 리그', '3부 리그', '새 리그']);
    await expect(cards.nth(0)).toContainText('Amateur');
    await expect(cards.nth(1)).toContainText('산플 (Sanply)');
    // No raw slug on a card ('sanply' is left out: the card's subtitle names it as 산플 (Sanply)).
    await expect(cards.locator('code')).toHaveCount(0);
    for (const slug of ['supply-1', 'new-league']) await expect(cards.filter({ hasText: slug })).toHaveCount(0);
    const kdTones = cards.locator('[data-tone]', { hasText: /^(66|45|55)\.0%$/ });
    expect(await kdTones.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-tone')))).toEqual(['blue', 'red', 'green']);
  });

  test('shows the server message for an unknown player and the no-league text for an empty answer', async ({ page }) => {
    await page.goto('/search?playerId=99999999999');
    await expect(page.getByRole('alert')).toHaveText('유저 정보를 찾을 수 없습니다.');
    await page.route(apiCall('/api/players/55555555/leagues'), (route) => route.fulfill({ json: { message: 'success', data: [] } }));
    await page.goto('/search?playerId=55555555');
    await expect(page.getByText('해당 플레이어의 리그 정보가 없습니다.')).toBeVisible();
  });

  test('a nickname resolves to the player id; an unknown one alerts', async ({ page, request }) => {
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const dialogs = recordDialogs(page);
    await page.goto('/search?source=supply');
    await searchBox(page).fill('없는닉네임zz');
    await searchBox(page).press('Enter');
    await expect.poll(() => dialogs).toEqual(['플레이어 ID를 가져올 수 없습니다.']);
    await searchBox(page).fill(player!.nickname);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`/search?source=supply&playerId=${player!.playerId}`);
    await expect(page.getByTestId('league-cards')).toBeVisible();
  });

  test('the home selector shows SAL only', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('combobox', { name: '검색 대상' }).locator('option')).toHaveText(['SAL']);
  });
});

test.describe('search on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('autocomplete and the full search work on a phone', async ({ page, request }) => {
    const [clan] = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings?limit=1');
    await page.goto('/');
    await searchBox(page).fill(clan!.clanName.slice(0, 2));
    await expect(page.getByTestId('search-suggestions').getByRole('group', { name: '클랜' }).getByRole('option').first()).toBeVisible();
    await searchBox(page).fill(clan!.clanName);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await expect(page.getByTestId('search-results').getByRole('link', { name: new RegExp(`^${escapeRegExp(clan!.clanName)}`) }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('/search?playerId= shows the league cards one to a row, and a card opens its league page', async ({ page, request }) => {
    const [player] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    const leagues = await getJson<{ data: { league: { slug: string; name: string }; playerId: string }[] }>(request, `/api/players/${player!.playerId}/leagues`);
    await page.goto(`/search?playerId=${player!.playerId}`);
    const cards = page.getByTestId('league-cards').getByRole('link');
    await expect(cards).toHaveCount(leagues.data.length);
    await expect(cards.first().locator('.league-card__league')).toHaveText(LEAGUE_TITLES[leagues.data[0]!.league.slug]!);
    const box = await cards.first().boundingBox();
    expect(box!.width).toBeGreaterThan(300);
    expect(await fitsScreenWidth(page)).toBe(true);
    await cards.first().click();
    await expect(page).toHaveURL(`/player/${leagues.data[0]!.league.slug}/${leagues.data[0]!.playerId}`);
  });
});
