import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import type { ClanBreakdownResponse } from '../../server/contracts/breakdowns.js';
import type { CompareResponse } from '../../server/contracts/comparison.js';
import type { ClanMatchesResponse } from '../../server/contracts/matches.js';
import type { RankingEntry } from '../../server/contracts/rankings.js';
import { hashPassword } from '../../server/modules/auth/password-hash.js';
import { rankedBeginnerPlayer } from '../helpers/demo-preconditions.js';
import { createMember, databaseUrl, SHARED_DATA_DIR } from './members.js';
import { apiGet, busyClan, escapeRegExp, fitsScreenWidth, getJson } from './stats-fixtures.js';

/**
 * What readers of other statistics sites look for, at both widths: a clan's matches filtered by map,
 * kept over a reload; two players compared from a player page; a clan starred and found on home, and moved to the
 * account at login. Data is found by the stated conditions of demo-preconditions, never by names.
 */

const LEAGUE = 'sal-beginner';

/** The rows of the match list on screen: table rows on desktops, cards on phones. */
const matchRows = (page: Page) => page.getByTestId('match-list').getByTestId('match-row');

/**
 * Every row of the match list names `map`. Read as text content, not innerText: a panel below the screen skips its
 * layout until scrolled near (content-visibility), and text not laid out has no innerText.
 */
async function everyMatchRowNames(page: Page, map: string): Promise<void> {
  const texts = await matchRows(page).allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).toContain(map);
}

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`reader features at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('filters a clan\'s matches by map, keeps the filter over a reload, and clears it', async ({ page, request }) => {
      const clan = await busyClan(request);
      const breakdown = await getJson<ClanBreakdownResponse>(request, `/api/league/${LEAGUE}/clan-breakdown/${clan.clanSlug}`);
      // A map the clan played, not its most played one: fewer rows, a real narrowing.
      const map = breakdown.data.maps.find((row, index) => index > 0 && row.map !== null)?.map ?? breakdown.data.maps[0]!.map!;
      const filtered = await getJson<ClanMatchesResponse>(request,
        `/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}?skip=0&limit=1&onlySAL=1&map=${encodeURIComponent(map)}`);
      const whole = await getJson<ClanMatchesResponse>(request, `/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}?skip=0&limit=1&onlySAL=1`);
      expect(filtered.total).toBeLessThan(whole.total);

      await page.goto(`/league/${LEAGUE}/clan/${clan.clanSlug}`);
      const list = page.getByTestId('clan-matches');
      await expect(list).toContainText(`/ ${whole.total}경기`);
      await list.getByLabel('맵').selectOption(map);
      await expect(page).toHaveURL(new RegExp(`[?&]map=${escapeRegExp(encodeURIComponent(map))}`));
      const line = `/ ${filtered.total}경기 · ${filtered.counts.win}승 ${filtered.counts.lose}패 ${filtered.counts.draw}무`;
      await expect(list).toContainText(line);
      await expect(matchRows(page).first()).toBeVisible();
      await everyMatchRowNames(page, map);

      await page.reload();
      await expect(page.getByTestId('clan-matches').getByLabel('맵')).toHaveValue(map);
      await expect(page.getByTestId('clan-matches')).toContainText(line);
      await everyMatchRowNames(page, map);
      expect(await fitsScreenWidth(page)).toBe(true);

      await page.getByTestId('clan-matches').getByRole('button', { name: '필터 해제' }).click();
      await expect(page).not.toHaveURL(/[?&]map=/);
      await expect(page.getByTestId('clan-matches')).toContainText(`/ ${whole.total}경기`);
    });

    test('a map\'s name in the maps panel shows that map\'s matches in the list', async ({ page, request }) => {
      const clan = await busyClan(request);
      const breakdown = await getJson<ClanBreakdownResponse>(request, `/api/league/${LEAGUE}/clan-breakdown/${clan.clanSlug}`);
      const row = breakdown.data.maps.find((entry) => entry.map !== null)!;
      await page.goto(`/league/${LEAGUE}/clan/${clan.clanSlug}`);
      const panel = page.getByTestId('clan-maps');
      await expect(panel).toContainText(`${breakdown.data.matches}경기`);
      const mapRow = panel.locator(`tr[data-map="${row.map}"]`);
      await expect(mapRow).toContainText(String(row.matches));
      await expect(mapRow).toContainText(`${row.win_rate!.toFixed(1)}%`);
      await mapRow.getByRole('button', { name: row.map! }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]map=${escapeRegExp(encodeURIComponent(row.map!))}`));
      await expect(page.getByTestId('clan-matches').getByLabel('맵')).toHaveValue(row.map!);
    });

    test('compares two players from the player page', async ({ page, request }) => {
      const player = await rankedBeginnerPlayer(apiGet(request));
      const ranking = await getJson<RankingEntry[]>(request, '/api/sal/user/ranking?limit=20');
      const other = ranking.find((row) => row.playerId !== player.playerId)!;

      await page.goto(`/sal/player/${player.playerId}?league=${LEAGUE}`);
      await page.getByTestId('player-header').getByRole('link', { name: '다른 플레이어와 비교' }).click();
      await expect(page).toHaveURL(new RegExp(`/compare/${player.playerId}\\?league=${LEAGUE}$`));
      await expect(page.getByTestId('compare-pick')).toContainText(player.nickname);
      await page.getByLabel('닉네임 또는 군번').fill(other.nickname);
      await page.getByTestId('player-picker').getByRole('button', { name: new RegExp(other.playerId) }).click();
      await expect(page).toHaveURL(new RegExp(`/compare/${player.playerId}/${other.playerId}\\?league=${LEAGUE}$`));

      const { data } = await getJson<CompareResponse>(request, `/api/league/player/${player.playerId}/compare/${other.playerId}?league=${LEAGUE}`);
      await expect(page.getByTestId('compare-player-a')).toContainText(player.nickname);
      await expect(page.getByTestId('compare-player-b')).toContainText(other.nickname);
      const figures = page.getByTestId('compare-figures');
      for (const side of [data.a, data.b]) {
        await expect(figures).toContainText(side.rating.toLocaleString('ko-KR'));
        await expect(figures).toContainText(`${side.win}승 ${side.lose}패 ${side.draw}무`);
      }
      // The figures are those of each player's own page in the league.
      expect(data.a.rating).toBe(player.rating);
      await expect(page.getByTestId('compare-chart').locator('[data-side]')).toHaveCount(2);
      await expect(page.getByTestId('compare-meetings')).toContainText(`총 ${data.meetingsTotal}경기`);
      expect(await fitsScreenWidth(page)).toBe(true);

      await page.getByRole('link', { name: '좌우 바꾸기' }).click();
      await expect(page).toHaveURL(new RegExp(`/compare/${other.playerId}/${player.playerId}\\?league=${LEAGUE}$`));
      await expect(page.getByTestId('compare-player-a')).toContainText(other.nickname);
    });

    test('stars a clan and finds it on home, opens it from there and removes it', async ({ page, request }) => {
      const clan = await busyClan(request);
      await page.goto(`/league/${LEAGUE}/clan/${clan.clanSlug}`);
      const star = page.getByTestId('clan-header').getByRole('button', { name: '즐겨찾기' });
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/');
      const favourites = page.getByTestId('home-favourites');
      const entry = favourites.getByRole('link', { name: new RegExp(escapeRegExp(clan.clanName)) });
      await expect(entry).toHaveAttribute('href', `/league/${LEAGUE}/clan/${clan.clanSlug}`);
      // Opening the page was a view too.
      await expect(page.getByTestId('home-recent')).toContainText(clan.clanName);
      expect(await fitsScreenWidth(page)).toBe(true);

      await entry.click();
      await expect(page).toHaveURL(`/league/${LEAGUE}/clan/${clan.clanSlug}`);
      await expect(page.getByTestId('clan-header')).toContainText(clan.clanName);
      await page.goto('/');
      await page.getByTestId('home-favourites').getByRole('button', { name: `${clan.clanName} 빼기` }).click();
      await expect(page.getByTestId('home-favourites')).not.toContainText(clan.clanName);
      await expect(page.getByTestId('home-favourites')).toContainText('★ 버튼으로');
    });
  });
}

test.describe('favourites at login', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a visitor\'s starred clan moves to the account when they log in, and the browser forgets it', async ({ page, request }) => {
    const clan = await busyClan(request);
    const password = 'Sal!marks2026';
    const member = await createMember(SHARED_DATA_DIR, 'user', '즐겨찾기');
    const client = new pg.Client({ connectionString: databaseUrl() });
    await client.connect();
    await client.query('UPDATE users SET password_hash = $1 WHERE id = $2', [await hashPassword(password), member.id]).finally(() => client.end());

    await page.goto(`/league/${LEAGUE}/clan/${clan.clanSlug}`);
    await page.getByTestId('clan-header').getByRole('button', { name: '즐겨찾기' }).click();
    await page.goto('/login?next=/');
    await page.getByLabel('이메일').fill(member.email);
    await page.getByLabel('비밀번호').fill(password);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);

    await expect(page.getByTestId('home-favourites')).toContainText(clan.clanName);
    await expect(page.locator('.home-marks')).toHaveAttribute('data-storage', 'account');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sal.readerMarks'))).toBeNull();
    const marks = await (await request.get('/api/me/marks', { headers: { authorization: `Bearer ${member.token}` } })).json();
    expect(marks.favourites).toEqual([expect.objectContaining({ kind: 'clan', target: clan.clanSlug, league: LEAGUE })]);
  });
});
