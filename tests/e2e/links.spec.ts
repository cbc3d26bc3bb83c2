import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ClanDetailResponse, ClanMembersResponse } from '../../server/contracts/clans.js';
import type { LeagueClanRow } from '../../server/contracts/league.js';
import type { PlayerSummaryResponse } from '../../server/contracts/players.js';
import { playerOfMovedClan, rankedPlayersPlayingElsewhere } from '../helpers/demo-preconditions.js';
import { apiGet, getJson, type RankingRowData } from './stats-fixtures.js';

/**
 * The league context rule read as a person reads it: follow a link from home, the ranking, the standings, a
 * division table and a clan's member list, and the page it opens shows the same rating and record the row
 * showed. Rows are read from the screen; which rows exist is whatever the demo league holds today.
 */

/** The value of a labelled figure card (rating, record, win rate...) inside `scope`. */
function card(scope: Locator, label: string): Locator {
  return scope.locator('.stat-card').filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
}

/** The cells of a table row, in order (th and td alike), once the row holds a link (its data has arrived). */
async function cellTexts(row: Locator): Promise<string[]> {
  await expect(row.getByRole('link').first()).toBeVisible();
  return (await row.locator('th, td').allTextContents()).map((text) => text.trim());
}

/** The player page's header figures, as the header shows them. */
async function expectPlayerHeader(page: Page, figures: { name: string; rating: string; winRate: string; record?: string; matches?: string }) {
  const header = page.getByTestId('player-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(figures.name);
  await expect(card(header, '레이팅')).toHaveText(figures.rating);
  await expect(card(header, '승률')).toHaveText(figures.winRate);
  if (figures.record) await expect(card(header, '총 경기')).toContainText(figures.record);
  if (figures.matches) await expect(card(header, '총 경기')).toContainText(new RegExp(`^${figures.matches}`));
}

/** The clan page's header figures. */
async function expectClanHeader(page: Page, figures: { name: string; rating: string; record: string; winRate: string; rank?: string }) {
  const header = page.getByTestId('clan-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(figures.name);
  await expect(card(header, '레이팅')).toHaveText(figures.rating);
  await expect(card(header, '전적')).toHaveText(figures.record);
  await expect(card(header, '승률')).toHaveText(figures.winRate);
  if (figures.rank) await expect(header.locator('.rank-badge strong')).toHaveText(new RegExp(`^${figures.rank}위 / `));
}

test.describe('links keep their figures (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('home Top 5 players open player pages with the same rating and win rate, in the ranking\'s league', async ({ page }) => {
    await page.goto('/');
    const rows = page.getByTestId('home-top-players').locator('tbody tr');
    await expect(rows).toHaveCount(5);
    for (let index = 0; index < 5; index += 1) {
      const [, name, , rating, winRate] = await cellTexts(rows.nth(index));
      await rows.nth(index).getByRole('link').click();
      await expect(page).toHaveURL(/\?league=sal-beginner$/);
      await expectPlayerHeader(page, { name: name!, rating: rating!, winRate: winRate! });
      await expect(page.getByTestId('league-context')).toHaveAttribute('data-league', 'sal-beginner');
      await page.goBack();
    }
  });

  test('home Top 5 clans open clan pages with the same score, record and win rate', async ({ page }) => {
    await page.goto('/');
    const rows = page.getByTestId('home-top-clans').locator('tbody tr');
    await expect(rows).toHaveCount(5);
    for (let index = 0; index < 5; index += 1) {
      const [, name, record, winRate, score] = await cellTexts(rows.nth(index));
      await rows.nth(index).getByRole('link').click();
      await expectClanHeader(page, { name: name!, rating: score!, record: record!, winRate: winRate!, rank: String(index + 1) });
      await page.goBack();
    }
  });

  test('ranking rows open player pages with the same rating and record, also for players whose clan moved', async ({ page, request }) => {
    test.setTimeout(60_000);
    const firstPage = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=100');
    // The case: a top player whose clan now plays in another league. Today's demo league has some (the
    // seven-day check makes sure of it); their rows show beginner-league figures, and so must their pages.
    const moved = await rankedPlayersPlayingElsewhere(apiGet(request), 3);
    expect(moved.length, 'a ranked player whose clan plays in another league now').toBeGreaterThan(0);
    await page.goto('/rank/sal-player');
    const rows = page.getByTestId('ranking-row');
    await expect(rows).toHaveCount(100);
    const ids = [...firstPage.slice(0, 4).map((row) => row.playerId), ...moved];
    for (const id of ids) {
      const row = rows.filter({ has: page.locator(`a[href="/sal/player/${id}?league=sal-beginner"]`) });
      const [rank, name, , rating, matches, win, lose, draw, winRate] = await cellTexts(row);
      await row.getByRole('link').click();
      await expect(page).toHaveURL(`/sal/player/${id}?league=sal-beginner`);
      await expectPlayerHeader(page, { name: name!, rating: rating!, winRate: winRate!, matches: matches!, record: `${win}승 ${lose}패 ${draw}무` });
      await expect(page.getByTestId('player-header').locator('.rank-badge strong')).toHaveText(new RegExp(`^${rank}위 / `));
      await page.goBack();
    }
  });

  test('standings rows open clan pages with the same score, record, win rate and rank', async ({ page, request }) => {
    const standings = await getJson<{ totalMatches: number }[]>(request, '/api/league/sal-beginner/standings');
    const withMatches = standings.filter((row) => row.totalMatches > 0).length;
    expect(withMatches).toBeGreaterThan(6);
    await page.goto('/league/sal-beginner');
    const rows = page.getByTestId('standings-row');
    // The podium, a middle row and the last row with a match.
    for (const index of [0, 1, 2, Math.floor(withMatches / 2), withMatches - 1]) {
      const [, , score, record, , winRate] = await cellTexts(rows.nth(index));
      const clanName = await rows.nth(index).getByRole('link').innerText();
      await rows.nth(index).getByRole('link').click();
      await expectClanHeader(page, { name: clanName, rating: score!, record: record!, winRate: winRate!, rank: String(index + 1) });
      await expect(page.getByTestId('league-context')).toHaveAttribute('data-live', 'true');
      await page.goBack();
    }
  });

  test('a division table opens the clan pages of that league with the same rating, record and win rate', async ({ page }) => {
    await page.goto('/league/supply-1');
    const rows = page.getByTestId('division-row');
    for (const index of [0, 3]) {
      const [, name, record, winRate, rating] = await cellTexts(rows.nth(index));
      await rows.nth(index).getByRole('link').click();
      await expect(page).toHaveURL(/\/league\/supply-1\/clan\//);
      await expectClanHeader(page, { name: name!, rating: rating!, record: record!, winRate: winRate!, rank: String(index + 1) });
      await page.goBack();
    }
  });

  test('a clan\'s member list opens player pages of the clan\'s league with the same rating and record', async ({ page, request }) => {
    // A beginner-league clan whose members have played there: the busiest by matches.
    const clans = await getJson<LeagueClanRow[]>(request, '/api/league/sal-beginner/clans');
    const clan = [...clans].sort((a, b) => b.totalMatches - a.totalMatches)[0]!;
    const members = await getJson<ClanMembersResponse>(request, `/api/league/sal-beginner/clan-members/${clan.clanSlug}?sort=rating&limit=300`);
    const played = members.data.slice(0, 10).flatMap((member, index) => (member.matches > 0 ? [index] : [])).slice(0, 3);
    expect(played.length).toBeGreaterThan(0);
    await page.goto(`/league/sal-beginner/clan/${clan.clanSlug}`);
    const rows = page.getByTestId('member-row');
    for (const index of played) {
      const [name, rating, matches, record, winRate] = await cellTexts(rows.nth(index));
      await rows.nth(index).getByRole('link').click();
      await expect(page).toHaveURL(/\?league=sal-beginner$/);
      const [win, lose, draw] = record!.match(/\d+/g)!;
      await expectPlayerHeader(page, { name: name!, rating: rating!, winRate: winRate!, matches: matches!, record: `${win}승 ${lose}패 ${draw}무` });
      await page.goBack();
    }
  });

  test('a moved clan: the player page says where the clan plays, the clan\'s old league page reads as history', async ({ page, request }) => {
    const { playerId, clan, old } = await playerOfMovedClan(apiGet(request));
    const current = { 'supply-1': '1부 리그', 'supply-2': '2부 리그', sanply: '3부 리그' }[clan.leagueName]!;

    await page.goto(`/sal/player/${playerId}?league=sal-beginner`);
    await expect(page.getByTestId('league-context-notice')).toContainText(`${clan.name}은(는) ${current}에서 활동합니다`);
    // The breadcrumbs lead to where the clan plays now.
    const trail = page.getByTestId('breadcrumbs');
    await expect(trail.getByRole('link', { name: current })).toHaveAttribute('href', `/league/${clan.leagueName}`);
    await trail.getByRole('link', { name: clan.name }).click();
    await expect(page).toHaveURL(`/league/${clan.leagueName}/clan/${clan.slug}`);
    await expect(page.getByTestId('league-context')).toHaveAttribute('data-live', 'true');

    // Its beginner-league figures, through the switcher: readable, and nothing claims to be live.
    await page.getByTestId('league-context').getByRole('link', { name: /통합 비기너 리그/ }).click();
    await expect(page).toHaveURL(`/league/sal-beginner/clan/${clan.slug}`);
    const header = page.getByTestId('clan-header');
    await expect(header.getByTestId('league-context-notice')).toContainText(`지금 ${current}에서 활동합니다`);
    await expect(card(header, '전적')).toHaveText(`${old.win}승 ${old.lose}패 ${old.draw}무`);
    await expect(header.getByTestId('rank-note')).toHaveText('순위 없음 · 리그 이동');
    await expect(page.getByTestId('streak-banner')).toHaveCount(0);
    await expect(page.getByTestId('updating-badge')).toHaveCount(0);
    await expect(page.getByTestId('recent-results')).toContainText('이 리그 마지막 20경기');
    await header.getByRole('link', { name: `${current} 기록 보기` }).click();
    await expect(page).toHaveURL(`/league/${clan.leagueName}/clan/${clan.slug}`);
  });

  test('a player search result opens the page of the league it names', async ({ page, request }) => {
    const [top] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
    await page.goto('/');
    await page.getByRole('combobox', { name: '검색어' }).fill(top!.playerId);
    await page.getByRole('combobox', { name: '검색어' }).press('Enter');
    // An enlistment number goes straight to the page, which writes the league it chose into the address.
    await expect(page).toHaveURL(new RegExp(`/sal/player/${top!.playerId}\\?league=[a-z0-9-]+$`));
    const league = new URL(page.url()).searchParams.get('league')!;
    await expect(page.getByTestId('league-context')).toHaveAttribute('data-league', league);
    await page.reload();
    await expect(page.getByTestId('league-context')).toHaveAttribute('data-league', league);
  });
});

test.describe('links keep their figures on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('standings cards and ranking cards open pages with the same figures', async ({ page }) => {
    await page.goto('/league/sal-beginner');
    const cardRow = page.getByTestId('standings-row').first();
    await expect(cardRow.getByRole('link')).toBeVisible();
    const [score, record, winRate] = (await cardRow.locator('dd').allInnerTexts()).map((text) => text.trim());
    const name = await cardRow.getByRole('link').innerText();
    await cardRow.getByRole('link').click();
    await expectClanHeader(page, { name, rating: score!, record: record!, winRate: winRate! });

    await page.goto('/rank/sal-player');
    const rankCard = page.getByTestId('ranking-row').first();
    await expect(rankCard.getByRole('link')).toBeVisible();
    const rating = await rankCard.locator('.ranking-card__rating').innerText();
    const cardRecord = await rankCard.locator('dd').first().innerText();
    const player = await rankCard.locator('strong').first().innerText();
    await rankCard.getByRole('link').click();
    await expect(page).toHaveURL(/\?league=sal-beginner$/);
    const header = page.getByTestId('player-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(player);
    await expect(card(header, '레이팅')).toHaveText(rating);
    await expect(card(header, '총 경기')).toContainText(cardRecord);
  });
});
