import { expect, test, type APIRequestContext } from '@playwright/test';
import type { MatchDetailResponse, PlayerRecentResponse } from '../../server/contracts/matches.js';
import type { PlayerRatingHistoryResponse, PlayerSummaryResponse } from '../../server/contracts/players.js';
import type { ProxyPlayerDetailResponse, ProxyPlayerRankResponse } from '../../server/contracts/proxy.js';
import { rankedBeginnerPlayer } from '../helpers/demo-preconditions.js';
import { apiCall, apiGet, fitsScreenWidth, getJson, recordDialogs } from './stats-fixtures.js';

const NOT_FOUND_TEXT = '유저 정보를 찾을 수 없습니다.';
const RESULT_NAMES = { win: '승리', lose: '패배', draw: '무승부' } as const;

/** A ranked player whose page is the beginner league's, 40+ matches listed there (see demo-preconditions). */
function rankedPlayer(request: APIRequestContext) {
  return rankedBeginnerPlayer(apiGet(request));
}

/** The best-rated player of a supply division, from the proxy ranking. */
async function proxyPlayer(request: APIRequestContext, division: string) {
  const rank = await getJson<ProxyPlayerRankResponse>(request, `/api/proxy/player-rank/${division}`);
  const id = rank.data[0]!.player.id;
  return (await getJson<ProxyPlayerDetailResponse>(request, `/api/proxy/player-detail/${division}/${id}`)).data;
}

test.describe('player page on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('/sal/player/{id}: header figures, clan link, last-20 strip and top-5 opponents', async ({ page, request }) => {
    const player = await rankedPlayer(request);
    await page.goto(`/sal/player/${player.playerId}`);

    const header = page.getByTestId('player-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(player.nickname);
    await expect(page).toHaveTitle(`${player.nickname} · SAL 리그`);
    await expect(header.getByRole('link', { name: player.clan!.name })).toHaveAttribute('href', `/league/${player.clan!.leagueName}/clan/${player.clan!.slug}`);
    await expect(header).toContainText(`${player.rank}위 / ${player.total}`);
    await expect(header).toContainText(player.rating.toLocaleString('ko-KR'));
    await expect(header).toContainText(`${player.win}승 ${player.lose}패 ${player.draw}무`);
    await expect(header).toContainText(`${player.kdRate!.toFixed(1)}%`);
    await expect(header).toContainText(`${player.winRate!.toFixed(1)}%`);
    await expect(header).toContainText(player.avgKill!.toFixed(1));
    await expect(header.getByRole('button', { name: '클랜 정보 갱신' })).toBeVisible();

    // Desktop: the strip of the latest 20, no streak badge.
    const strip = page.getByTestId('recent-results');
    const chipNames = await strip.getByRole('img').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('aria-label')));
    expect(chipNames).toEqual(player.recentResults.map((result) => RESULT_NAMES[result]));
    await expect(page.getByTestId('streak-banner')).toHaveCount(0);

    const opponents = page.getByTestId('player-opponents').getByTestId('opponents-table').locator('tbody tr');
    await expect(opponents).toHaveCount(player.opponents.length);
    const first = player.opponents[0]!;
    await expect(opponents.first()).toContainText(first.clanName);
    // A draw counts half (docs/product/ratings.md#win-rate), the player page rounds to a whole percent.
    await expect(opponents.first()).toContainText(`${Math.round(((first.win + first.draw / 2) / first.total) * 100)}%`);
  });

  test('recent matches: 20 a page with own K/D/A, load more, the detail marks the player and ?highlight=', async ({ page, request }) => {
    const player = await rankedPlayer(request);
    const firstPage = await getJson<PlayerRecentResponse>(request, `/api/league/player/${player.playerId}/recent?skip=0&limit=20&onlySAL=1`);
    const match = firstPage.data.find((item) => !item.recording)!;
    const detail = await getJson<MatchDetailResponse>(request, `/api/league/match-detail/${match.matchId}`);
    const team = detail.data.players[match.myTeam];
    const teammate = team.find((row) => row.playerId !== player.playerId)!;
    await page.goto(`/sal/player/${player.playerId}?highlight=${encodeURIComponent(teammate.nickname)}`);

    const list = page.getByTestId('player-matches');
    const rows = list.getByTestId('match-row');
    await expect(rows).toHaveCount(20);
    await expect(list).toContainText(`20 / ${firstPage.total}경기`);
    const row = list.locator(`[data-testid="match-row"][data-match-id="${match.matchId}"]`);
    await expect(row).toContainText(`${match.myKill}/${match.myDeath}/${match.myAssist}`);
    await expect(row).toContainText(teammate.nickname);

    await row.getByRole('button', { name: '상세 보기' }).click();
    const opened = list.getByTestId('match-detail');
    const highlighted = opened.locator('.row--highlight');
    await expect(highlighted).toHaveCount(2);
    await expect(highlighted.filter({ hasText: player.nickname })).toHaveCount(1);
    await expect(highlighted.filter({ hasText: teammate.nickname })).toHaveCount(1);

    await list.getByRole('button', { name: '더 보기' }).click();
    await expect(rows).toHaveCount(Math.min(40, firstPage.total));
  });

  test('/league/{league}/player/{id} is the same page on the named league', async ({ page, request }) => {
    const player = await rankedPlayer(request);
    const summary = await getJson<PlayerSummaryResponse>(request, `/api/league/player/${player.playerId}/summary?league=sal-beginner`);
    await page.goto(`/league/sal-beginner/player/${player.playerId}`);
    const header = page.getByTestId('player-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(summary.data.nickname);
    await expect(header).toContainText(summary.data.rating.toLocaleString('ko-KR'));
    await expect(page.getByTestId('player-matches').getByTestId('match-row')).toHaveCount(20);
  });

  test('/player/{division}/{id}: four last-20 cards, the stat grid, opponents and the match table', async ({ page, request }) => {
    const player = await proxyPlayer(request, 'supply-1');
    await page.goto(`/player/supply-1/${player.player.id}`);

    await expect(page.getByTestId('proxy-player-page')).toHaveAttribute('data-layout', 'desktop');
    await expect(page.getByTestId('player-header').getByRole('heading', { level: 1 })).toHaveText(player.player.name);
    await expect(page.getByTestId('last20-cards').locator('.stat-card')).toHaveCount(4);
    await expect(page.getByTestId('last20-cards')).toContainText(`${player.match_summary.win_rate!.toFixed(1)}%`);
    const grid = page.getByTestId('stat-grid');
    await expect(grid.locator('.stat-card')).toHaveCount(7);
    await expect(grid).toContainText(`${player.win}승 ${player.lose}패 ${player.draw}무`);
    await expect(grid).toContainText(`${player.rank}위 / ${player.rank_count}`);
    await expect(page.getByTestId('player-opponents').locator('tbody tr')).toHaveCount(player.match_summary.clan_summaries.length);

    const rows = page.getByTestId('player-matches').getByTestId('match-row');
    await expect(rows).toHaveCount(player.matches.length);
    const match = player.matches.find((item) => item.status === 'complete')!;
    await page.locator(`[data-testid="match-row"][data-match-id="${match.id}"]`).getByRole('button', { name: '상세 보기' }).click();
    const detail = page.getByTestId('match-detail');
    await expect(detail.getByTestId('team-blue').getByTestId('match-player-row').first()).toBeVisible();
    await expect(detail.locator('.row--highlight')).toContainText(player.player.name);
  });

  test('reading 2 draws the rating history of its division with the peak', async ({ page, request }) => {
    const player = await proxyPlayer(request, 'supply-1');
    const history = await getJson<PlayerRatingHistoryResponse>(request,
      `/api/league/player/${player.player.id}/rating-history?league=${player.player.division}`);
    await page.goto(`/player/supply-1/${player.player.id}`);
    const chart = page.getByTestId('rating-history').getByTestId('rating-chart');
    await expect(chart.locator('.rating-chart__peak')).toHaveText(`최고 ${history.data.history.peak!.rating}`);
    await expect(chart.getByRole('img', { name: `최근 ${history.data.history.points.length}경기 레이팅 변화 그래프` })).toBeVisible();
  });

  test('reading 2: a player-detail answer whose message is not success shows its error in red', async ({ page, request }) => {
    const player = await proxyPlayer(request, 'supply-1');
    const path = `/api/proxy/player-detail/supply-1/${player.player.id}`;
    await page.route(apiCall(path), (route) => route.fulfill({ json: { message: 'error', error: '선수 기록을 읽을 수 없습니다.' } }));
    await page.goto(`/player/supply-1/${player.player.id}`);
    await expect(page.getByRole('alert')).toHaveText('선수 기록을 읽을 수 없습니다.');
    await page.unrouteAll();
    await page.route(apiCall(path), (route) => route.fulfill({ json: { message: 'fail' } }));
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('플레이어 정보를 불러오지 못했습니다.');
    await expect(page).toHaveURL(`/player/supply-1/${player.player.id}`);
  });

  test('reading 2, the proxy client: a 401 goes to /login, no response at all to /error?status=000', async ({ page, request }) => {
    const player = await proxyPlayer(request, 'supply-1');
    const path = `/api/proxy/player-detail/supply-1/${player.player.id}`;
    await page.route(apiCall(path), (route) => route.fulfill({ status: 401, json: { error: 'unauthorized', message: '로그인이 필요합니다.' } }));
    await page.goto(`/player/supply-1/${player.player.id}`);
    await expect(page).toHaveURL('/login');

    await page.unrouteAll();
    await page.route(apiCall(path), (route) => route.abort('connectionrefused'));
    await page.goto(`/player/supply-1/${player.player.id}`);
    await expect(page).toHaveURL('/error?status=000', { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: '서버에 연결할 수 없습니다' })).toBeVisible();
  });

  // Twelve digits: the simulated league gives players seven to nine, so no demo day ever has this player.
  test('an unknown player: the spec text on readings 1 and 3, the error page on reading 2', async ({ page }) => {
    await page.goto('/sal/player/999999999999');
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND_TEXT);
    await page.goto('/league/sal-beginner/player/999999999999');
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND_TEXT);
    await page.goto('/player/supply-1/999999999999');
    await expect(page).toHaveURL('/error?status=404');
  });

  test('a player with no record sees the notice; the refresh-clan button reports, and a second try alerts the wait', async ({ page, request }) => {
    const player = await rankedPlayer(request);
    const summary = await getJson<PlayerSummaryResponse>(request, `/api/league/player/${player.playerId}/summary`);
    // A player without a clan and without a single rated match, in any league.
    const noRecord = {
      ...summary.data, hasRecord: false, clan: null, clanSlug: null, clanName: null, clanMark: null,
      totalMatches: 0, matches: 0, win: 0, lose: 0, draw: 0, rank: null,
      context: { ...summary.data.context, current: null, isCurrent: false, records: [] },
    };
    await page.route(apiCall(`/api/league/player/${player.playerId}/summary`), (route) => route.fulfill({ json: { data: noRecord } }));
    const dialogs = recordDialogs(page);
    await page.goto(`/sal/player/${player.playerId}`);

    const notice = page.getByTestId('no-record');
    await expect(notice).toContainText('SAL 리그 소속이 아니어서 기록이 없습니다.');
    await expect(notice).toContainText('클랜에 가입한 뒤 진행한 경기부터');
    await expect(page.getByTestId('player-header')).toContainText('무소속');
    await expect(page.getByTestId('player-matches')).toHaveCount(0);

    const refresh = page.getByRole('button', { name: '클랜 정보 갱신' });
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith(`/api/league/player/${player.playerId}/refresh-clan`));
    await refresh.click();
    expect((await sent).postDataJSON()).toEqual({ slug: null });
    await expect(page.getByTestId('player-header')).toContainText('클랜 가입·탈퇴·이동 정보를 확인했습니다.');

    // The server allows one refresh a minute per player: the second answer is an error, shown as an alert.
    await refresh.click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toMatch(/^클랜 정보 갱신 실패: /);
  });
});

test.describe('player page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reading 1: 10 matches a page, the streak badge instead of the strip, its own opponents state', async ({ page, request }) => {
    const player = await rankedPlayer(request);
    await page.goto(`/sal/player/${player.playerId}`);
    await expect(page.getByTestId('player-header').getByRole('heading', { level: 1 })).toHaveText(player.nickname);

    // The banner claims a running streak: only where the player's clan plays now (the league context rule).
    const streak = player.streak.value;
    if (Math.abs(streak) >= 2 && player.context.isCurrent) {
      await expect(page.getByTestId('streak-banner')).toContainText(streak > 0 ? `${streak}연승 중` : `${-streak}연패 중`);
    } else {
      await expect(page.getByTestId('streak-banner')).toHaveCount(0);
    }
    await expect(page.getByTestId('recent-results')).toHaveCount(0);

    const rows = page.getByTestId('player-matches').getByTestId('match-row');
    await expect(rows).toHaveCount(10);
    await page.getByTestId('player-matches').getByRole('button', { name: '더 보기' }).click();
    await expect(rows).toHaveCount(20);
    expect(await fitsScreenWidth(page)).toBe(true);

    // The opponents panel keeps a phone state apart from the desktop one (two keys:
    // docs/product/players.md#player-remembered-panels).
    await page.getByTestId('player-opponents').getByRole('button', { name: /TOP 5/ }).click();
    const stored = await page.evaluate(() => [localStorage.getItem('sal.panel.player.opponents.mobile'), localStorage.getItem('sal.panel.player.opponents.desktop')]);
    expect(stored).toEqual(['0', null]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByTestId('player-opponents').getByRole('button', { name: /TOP 5/ })).toHaveAttribute('aria-expanded', 'true');
  });

  test('reading 2 in a supply division uses chips and match cards; the beginner league keeps the desktop layout', async ({ page, request }) => {
    const player = await proxyPlayer(request, 'supply-1');
    await page.goto(`/player/supply-1/${player.player.id}`);
    const view = page.getByTestId('proxy-player-page');
    await expect(view).toHaveAttribute('data-layout', 'cards');
    await expect(page.getByTestId('player-chips')).toContainText(player.rating.toLocaleString('ko-KR'));
    await expect(page.getByTestId('player-matches').locator('li[data-testid="match-row"]')).toHaveCount(player.matches.length);
    expect(await fitsScreenWidth(page)).toBe(true);

    const beginner = await proxyPlayer(request, 'sal-beginner');
    await page.goto(`/player/sal-beginner/${beginner.player.id}`);
    await expect(page.getByTestId('proxy-player-page')).toHaveAttribute('data-layout', 'desktop');
  });

  test('reading 3 (/league/{league}/player/{id}) on a phone: header, 10 match cards, the rating chart', async ({ page, request }) => {
    const player = await rankedPlayer(request);
    const summary = await getJson<PlayerSummaryResponse>(request, `/api/league/player/${player.playerId}/summary?league=sal-beginner`);
    await page.goto(`/league/sal-beginner/player/${player.playerId}`);
    await expect(page.getByTestId('player-header').getByRole('heading', { level: 1 })).toHaveText(summary.data.nickname);
    await expect(page.getByTestId('player-header')).toContainText(summary.data.rating.toLocaleString('ko-KR'));
    await expect(page.getByTestId('player-matches').locator('li[data-testid="match-row"]')).toHaveCount(10);
    await expect(page.getByTestId('rating-chart')).toBeVisible();
    expect(await fitsScreenWidth(page)).toBe(true);
  });
});
