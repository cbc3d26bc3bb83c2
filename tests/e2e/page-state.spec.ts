import { expect, test, type Locator } from '@playwright/test';
import type { ClanMatchesResponse } from '../../server/contracts/matches.js';
import type { RankingEntry } from '../../server/contracts/rankings.js';
import { busyRivalry, rankedPlayerOfTwoLeagues } from '../helpers/demo-preconditions.js';
import { apiCall, apiGet, busyClan, fitsScreenWidth, getJson, type StandingRowData } from './stats-fixtures.js';

/**
 * What readers of op.gg, HLTV and lichess expect of statistics pages beyond the figures: state kept in the address
 * (reload, back, a shared link), tables that sort and hold still, wide tables that say they scroll, and the small
 * things the issue lists (a stuck recording, one request for an unknown player, "more" meetings, 404 addresses).
 */

async function columnTexts(rows: Locator, index: number): Promise<string[]> {
  return rows.evaluateAll((items, column) => items.map((row) => (row.querySelectorAll('th, td')[column]?.textContent ?? '').trim()), index);
}

const percent = (text: string) => (text === '-' ? -1 : Number(text.replace('%', '')));

test.describe('page state in the address (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the standings filter and sort survive a reload, and back returns to them', async ({ page, request }) => {
    const standings = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings');
    const needle = standings[0]!.clanName.slice(0, 1);
    const matching = standings.filter((row) => row.clanName.toLowerCase().includes(needle.toLowerCase()));
    await page.goto('/league/sal-beginner');
    await page.getByRole('searchbox', { name: '클랜명 검색' }).fill(needle);
    await page.getByRole('columnheader', { name: '승률' }).getByRole('button').click();
    await expect(page).toHaveURL(`/league/sal-beginner?q=${encodeURIComponent(needle)}&sort=winRate-desc`);
    const rows = page.getByTestId('standings-row');
    await expect(rows).toHaveCount(matching.length);
    const rates = (await columnTexts(rows, 5)).map(percent);
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    await expect(page.getByRole('columnheader', { name: '승률' })).toHaveAttribute('aria-sort', 'descending');

    await page.reload();
    await expect(page.getByRole('searchbox', { name: '클랜명 검색' })).toHaveValue(needle);
    await expect(rows).toHaveCount(matching.length);
    expect((await columnTexts(rows, 5)).map(percent)).toEqual(rates);

    // A second click turns the order around; back returns to the first order, then to the table's own.
    await page.getByRole('columnheader', { name: '승률' }).getByRole('button').click();
    await expect(page).toHaveURL(/sort=winRate-asc/);
    await page.goBack();
    await expect(page).toHaveURL(/sort=winRate-desc/);
    await rows.first().getByRole('link').click();
    await expect(page.getByTestId('clan-header')).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: '클랜명 검색' })).toHaveValue(needle);
    expect((await columnTexts(rows, 5)).map(percent)).toEqual(rates);
  });

  test('a full search is in the address: a reload and back show its results again', async ({ page, request }) => {
    const [clan] = await getJson<StandingRowData[]>(request, '/api/league/sal-beginner/standings?limit=1');
    await page.goto('/');
    await page.getByRole('combobox', { name: '검색어' }).fill(clan!.clanName);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    const results = page.getByTestId('search-results');
    await expect(results).toBeVisible();
    await expect(page).toHaveURL(`/?q=${encodeURIComponent(clan!.clanName)}`);
    await page.reload();
    await expect(results.getByRole('heading', { name: `'${clan!.clanName}' 검색 결과` })).toBeVisible();
    await expect(page.getByRole('combobox', { name: '검색어' })).toHaveValue(clan!.clanName);
    await results.getByRole('link').first().click();
    await expect(page).not.toHaveURL(/\?q=/);
    await page.goBack();
    await expect(results).toBeVisible();
  });

  test('the player page writes the league it shows into the address; the switcher changes it, back returns', async ({ page, request }) => {
    // A ranked player with records in two leagues (their clan moved, or they did): found by that condition.
    const player = await rankedPlayerOfTwoLeagues(apiGet(request));
    const other = player.context.records.find((entry) => entry.league.slug !== player.leagueName)!;

    await page.goto(`/sal/player/${player.playerId}`);
    await expect(page).toHaveURL(`/sal/player/${player.playerId}?league=${player.leagueName}`);
    const header = page.getByTestId('player-header');
    await expect(header).toContainText(player.rating.toLocaleString('ko-KR'));
    await page.getByTestId('league-context').locator(`a[data-league="${other.league.slug}"]`).click();
    await expect(page).toHaveURL(`/sal/player/${player.playerId}?league=${other.league.slug}`);
    await expect(page.getByTestId('league-context')).toHaveAttribute('data-league', other.league.slug);
    await expect(header).toContainText(`${other.win}승 ${other.lose}패 ${other.draw}무`);
    await expect(header).toContainText(other.rating.toLocaleString('ko-KR'));
    await page.reload();
    await expect(page.getByTestId('league-context')).toHaveAttribute('data-league', other.league.slug);
    await page.goBack();
    await expect(page).toHaveURL(`/sal/player/${player.playerId}?league=${player.leagueName}`);
    await expect(page.getByTestId('league-context')).toHaveAttribute('data-league', player.leagueName);
  });

  test('an open match is in the address: a reload opens it again, and a shared link to an older match opens it too', async ({ page, request }) => {
    const clan = await busyClan(request);
    const base = `/api/league/sal-beginner/clan-matches/${clan.clanSlug}?onlySAL=1&preferSlug=${clan.clanSlug}`;
    const firstPage = await getJson<ClanMatchesResponse>(request, `${base}&skip=0&limit=20`);
    const older = await getJson<ClanMatchesResponse>(request, `${base}&skip=20&limit=20&anchor=${firstPage.anchor}`);
    const match = firstPage.data.find((item) => !item.recording)!;
    await page.goto(`/league/sal-beginner/clan/${clan.clanSlug}`);
    const row = page.locator(`[data-testid="match-row"][data-match-id="${match.matchId}"]`);
    await row.getByRole('button', { name: '상세 보기' }).click();
    await expect(page).toHaveURL(`/league/sal-beginner/clan/${clan.clanSlug}?match=${match.matchId}`);
    await page.reload();
    await expect(row.getByRole('button', { name: '상세 닫기' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('clan-matches').getByTestId('match-detail')).toBeVisible();

    // A link to a match of the second page: it opens above the list.
    const shared = older.data.find((item) => !item.recording)!;
    await page.goto(`/league/sal-beginner/clan/${clan.clanSlug}?match=${shared.matchId}`);
    const linked = page.getByTestId('linked-match');
    await expect(linked.getByTestId('match-detail')).toBeVisible();
    await expect(linked).toContainText(shared.blueClanName);
    await linked.getByRole('button', { name: '닫기' }).click();
    await expect(linked).toHaveCount(0);
    await expect(page).toHaveURL(`/league/sal-beginner/clan/${clan.clanSlug}`);
  });
});

test.describe('tables that sort and hold still (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('opening a match detail moves no column and cuts no other row', async ({ page, request }) => {
    const clan = await busyClan(request);
    await page.goto(`/league/sal-beginner/clan/${clan.clanSlug}`);
    const list = page.getByTestId('clan-matches');
    const rows = list.getByTestId('match-row');
    await expect(rows).toHaveCount(20);
    const layout = () => list.locator('.match-table').evaluate((table) => ({
      columns: [...table.querySelectorAll(':scope > thead > tr > th')].map((cell) => Math.round(cell.getBoundingClientRect().width)),
      names: [...table.querySelectorAll('.match-row .name-cell__text')].slice(0, 12).map((name) => Math.round(name.getBoundingClientRect().width)),
      tableWidth: Math.round(table.getBoundingClientRect().width),
    }));
    const before = await layout();
    for (const index of [0, 5]) {
      await rows.nth(index).getByRole('button', { name: /상세/ }).click();
      await expect(list.getByTestId('match-detail').or(list.getByTestId('match-recording'))).toBeVisible();
      expect(await layout()).toEqual(before);
    }
  });

  test('the ranking sorts the rows it has loaded by any column, says so, and keeps each player\'s rank', async ({ page }) => {
    await page.goto('/rank/sal-player');
    const rows = page.getByTestId('ranking-row');
    await expect(rows).toHaveCount(100);
    await page.getByRole('columnheader', { name: 'MVP' }).getByRole('button').click();
    await expect(page).toHaveURL('/rank/sal-player?sort=mvpCount-desc');
    await expect(page.getByText('불러온 100명 안에서 정렬했습니다.', { exact: false })).toBeVisible();
    const mvps = (await columnTexts(rows, 11)).map(Number);
    expect(mvps).toEqual([...mvps].sort((a, b) => b - a));
    const ranks = (await columnTexts(rows, 0)).map(Number);
    expect(new Set(ranks).size).toBe(100);
    await page.getByRole('columnheader', { name: '순위' }).getByRole('button').click();
    await expect(page).toHaveURL('/rank/sal-player');
    expect((await columnTexts(rows, 0)).map(Number)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
  });

  test('average kills are cut, not rounded: 9.99 reads 9.9 without the 10+ colour, 10 reads 10.0 with it', async ({ page, request }) => {
    const rows = await getJson<RankingEntry[]>(request, '/api/sal/user/ranking?limit=100');
    const served = rows.map((row, index) => (index === 0 ? { ...row, killPerMatch: 9.99 } : index === 1 ? { ...row, killPerMatch: 10 } : row));
    await page.route(apiCall('/api/sal/user/ranking', { skip: '0' }), (route) => route.fulfill({ json: served }));
    await page.goto('/rank/sal-player');
    const cells = page.getByTestId('ranking-row').locator('td:nth-child(11)');
    await expect(cells.nth(0)).toHaveText('9.9');
    await expect(cells.nth(0).locator('[data-tone]')).toHaveAttribute('data-tone', 'neutral');
    await expect(cells.nth(1)).toHaveText('10.0');
    await expect(cells.nth(1).locator('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
  });
});

test.describe('the smaller things (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an unknown address answers 404 and shows the not-found page; a known page answers 200', async ({ page }) => {
    const missing = await page.goto('/league/sal-beginner/nothing/here');
    expect(missing!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
    const known = await page.goto('/league/sal');
    expect(known!.status()).toBe(200);
  });

  // Twelve digits: the simulated league gives players seven to nine, so no demo day ever has this player.
  test('an unknown player\'s summary is asked for once', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (sent) => sent.url().includes('/api/league/player/') && asked.push(sent.url()));
    await page.goto('/sal/player/999999999999');
    await expect(page.getByRole('alert')).toHaveText('유저 정보를 찾을 수 없습니다.');
    await page.waitForTimeout(1500);
    expect(asked.filter((url) => url.includes('/summary'))).toHaveLength(1);
  });

  test('a match still recording after its five retries says so and offers to ask again', async ({ page, request }) => {
    const clan = await busyClan(request);
    const list = await getJson<ClanMatchesResponse>(request,
      `/api/league/sal-beginner/clan-matches/${clan.clanSlug}?skip=0&limit=20&onlySAL=1&preferSlug=${clan.clanSlug}`);
    const match = list.data.find((item) => !item.recording)!;
    const detail = await getJson<{ data: Record<string, unknown> & { match: Record<string, unknown> } }>(request,
      `/api/league/match-detail/${match.matchId}?preferSlug=${clan.clanSlug}`);
    // The source never finishes this match: every answer says it is still recording.
    const recording = { data: { ...detail.data, recording: true, players: { blue: [], red: [] } } };
    let answers = 0;
    await page.route(apiCall(`/api/league/match-detail/${match.matchId}`), (route) => {
      answers += 1;
      return route.fulfill({ json: recording });
    });
    await page.clock.install();
    await page.goto(`/league/sal-beginner/clan/${clan.clanSlug}`);
    const row = page.locator(`[data-testid="match-row"][data-match-id="${match.matchId}"]`);
    await row.getByRole('button', { name: '상세 보기' }).click();
    await expect(page.getByTestId('match-recording')).toHaveText('기록 중...');
    // Asked again 2 s x the attempt after each answer (five more times), then it stops asking and says so.
    const stuck = page.getByTestId('match-recording-stuck');
    for (let step = 0; step < 8 && !(await stuck.isVisible()); step += 1) {
      const before = answers;
      await page.clock.fastForward(10_050);
      await expect.poll(() => answers > before || stuck.isVisible()).toBe(true);
    }
    await expect(stuck).toContainText('아직 기록이 끝나지 않았습니다.');
    expect(answers).toBe(6);
    await page.clock.fastForward(60_000);
    expect(answers).toBe(6);
    await stuck.getByRole('button', { name: '다시 확인' }).click();
    await expect.poll(() => answers).toBe(7);
  });

  test('a head-to-head lists every meeting, ten at a time', async ({ page, request }) => {
    // The busy clan and its most-played opponent, met more than ten times: two pages.
    const { clan, opponent, total } = await busyRivalry(apiGet(request));
    await page.goto(`/league/sal-beginner/clan/${clan.clanSlug}/vs/${opponent.clanSlug}`);
    const panel = page.getByTestId('head-to-head-matches');
    const rows = panel.getByTestId('match-row');
    await expect(rows).toHaveCount(10);
    await expect(panel).toContainText(`10 / ${total}경기`);
    while (await panel.getByRole('button', { name: '더 보기' }).isVisible()) {
      const before = await rows.count();
      await panel.getByRole('button', { name: '더 보기' }).click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
    }
    await expect(rows).toHaveCount(total);
    await expect(panel).toContainText(`${total} / ${total}경기`);
  });
});

test.describe('wide tables on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a table wider than the phone scrolls inside its panel and says so; the page never scrolls sideways', async ({ page }) => {
    await page.goto('/rank/player/supply');
    await expect(page.getByTestId('ranking-row').first()).toBeVisible();
    const hint = page.getByTestId('table-scroll-hint');
    await expect(hint).toBeVisible();
    expect(await fitsScreenWidth(page)).toBe(true);
    // Slid to its end, the table has nothing more to show: the hint goes.
    await page.locator('.table-scroll .stats-table-wrap').first().evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
    await expect(hint).toHaveCount(0);
  });
});
