import { expect, test, type Page } from '@playwright/test';
import type { ClanDetailResponse, ClanMembersResponse, ClanRatingHistoryResponse } from '../../server/contracts/clans.js';
import type { ClanMatchesResponse, HeadToHeadResponse, MatchDetailResponse } from '../../server/contracts/matches.js';
import type { ProxyClanDetailResponse, ProxyClanMatchesResponse } from '../../server/contracts/proxy.js';
import { recordingMatch, supplyLeader } from '../helpers/demo-preconditions.js';
import { apiCall, apiGet, busyClan, fitsScreenWidth, getJson, recordDialogs } from './stats-fixtures.js';

const LEAGUE = 'sal-beginner';
const RESULT_NAMES = { win: '승리', lose: '패배', draw: '무승부' } as const;

function clanPath(slug: string, league = LEAGUE): string {
  return `/league/${league}/clan/${slug}`;
}

async function firstCompletedMatch(page: Page, matches: ClanMatchesResponse) {
  const match = matches.data.find((item) => !item.recording);
  if (!match) throw new Error('no completed match on the first page');
  return { match, row: page.locator(`[data-testid="match-row"][data-match-id="${match.matchId}"]`) };
}

test.describe('clan page, league-name reading, on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('opens from its URL and shows the header figures, streak and the last-20 strip', async ({ page, request }) => {
    const clan = await busyClan(request);
    const { data } = await getJson<ClanDetailResponse>(request, `/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`);
    await page.goto(clanPath(clan.clanSlug));

    const header = page.getByTestId('clan-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(data.clan.name);
    await expect(page).toHaveTitle(`${data.clan.name} · SAL 리그`);
    await expect(header).toContainText(data.league.name);
    await expect(header).toContainText(`${data.rank}위 / ${data.rank_total}`);
    await expect(header).toContainText(data.rating.toLocaleString('ko-KR'));
    await expect(header).toContainText(`${data.win}승 ${data.lose}패 ${data.draw}무`);
    await expect(header).toContainText(`${data.win_rate!.toFixed(1)}%`);
    await expect(header).toContainText(/갱신 \d+(초|분|시간|일) 전/);
    for (const name of ['전적 갱신', '기본 정보', '즐겨찾기']) await expect(header.getByRole('button', { name })).toBeVisible();

    const streak = data.streak.value;
    if (Math.abs(streak) >= 2) {
      await expect(page.getByTestId('streak-banner')).toContainText(streak > 0 ? `${streak}연승 중` : `${-streak}연패 중`);
    } else {
      await expect(page.getByTestId('streak-banner')).toHaveCount(0);
    }

    const strip = page.getByTestId('recent-results');
    await expect(strip).toContainText(`최근 전적 ${data.recentResults.length}경기`);
    const rows = strip.locator('.result-strip__row');
    await expect(rows).toHaveCount(Math.ceil(data.recentResults.length / 10));
    await expect(rows.first().getByRole('img')).toHaveCount(Math.min(10, data.recentResults.length));
    const chipNames = await strip.getByRole('img').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('aria-label')));
    expect(chipNames).toEqual(data.recentResults.map((result) => RESULT_NAMES[result]));
  });

  test('top-5 opponents link to their clans and the head-to-head, and the panel stays closed after a reload', async ({ page, request }) => {
    const clan = await busyClan(request);
    const { data } = await getJson<ClanDetailResponse>(request, `/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`);
    const opponents = data.match_summary.clan_summaries;
    await page.goto(clanPath(clan.clanSlug));

    const panel = page.getByTestId('top-opponents');
    const table = panel.getByTestId('opponents-table');
    await expect(table.locator('tbody tr')).toHaveCount(opponents.length);
    const first = opponents[0]!;
    await expect(table.getByRole('link', { name: first.clanName, exact: true })).toHaveAttribute('href', clanPath(first.clanSlug));
    await expect(table.locator('tbody tr').first()).toContainText(`${first.win_rate!.toFixed(1)}%`);

    const toggle = panel.getByRole('button', { name: /가장 많이 만난 상대 클랜 TOP 5/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(table).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('top-opponents').getByRole('button', { name: /가장 많이 만난 상대 클랜 TOP 5/ })).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('opponents-table')).toBeHidden();
    await page.getByTestId('top-opponents').getByRole('button', { name: /가장 많이 만난 상대 클랜 TOP 5/ }).click();

    // The head-to-head view answers the same record as the panel.
    const versus = await getJson<HeadToHeadResponse>(request, `/api/league/${LEAGUE}/head-to-head/${clan.clanSlug}/${first.clanSlug}`);
    await page.getByRole('link', { name: `${data.clan.name} vs ${first.clanName}` }).click();
    await expect(page).toHaveURL(`${clanPath(clan.clanSlug)}/vs/${first.clanSlug}`);
    const view = page.getByTestId('head-to-head');
    await expect(view).toContainText(`${versus.data.record.win}승 ${versus.data.record.lose}패 ${versus.data.record.draw}무`);
    await expect(view.getByTestId('match-row')).toHaveCount(versus.data.matches.length);
  });

  test('match list: 20 a page, one match open at a time with both teams and the MVP, load more appends older matches', async ({ page, request }) => {
    const clan = await busyClan(request);
    const firstPage = await getJson<ClanMatchesResponse>(request,
      `/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}?skip=0&limit=20&onlySAL=1&preferSlug=${clan.clanSlug}`);
    await page.goto(clanPath(clan.clanSlug));

    const list = page.getByTestId('clan-matches');
    const rows = list.getByTestId('match-row');
    await expect(rows).toHaveCount(20);
    await expect(list).toContainText(`20 / ${firstPage.total}경기`);
    const ids = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-match-id')));
    expect(ids).toEqual(firstPage.data.map((match) => match.matchId));

    const { match, row } = await firstCompletedMatch(page, firstPage);
    const detail = await getJson<MatchDetailResponse>(request, `/api/league/match-detail/${match.matchId}?preferSlug=${clan.clanSlug}`);
    await expect(row).toContainText(match.map ?? '알 수 없는 맵');
    await expect(row).toContainText(match.blueClanName);
    await expect(row).toContainText(match.redClanName);
    await row.getByRole('button', { name: '상세 보기' }).click();

    const opened = list.getByTestId('match-detail');
    await expect(opened).toHaveCount(1);
    const blue = opened.getByTestId('team-blue');
    const red = opened.getByTestId('team-red');
    await expect(blue.getByTestId('match-player-row')).toHaveCount(detail.data.players.blue.length);
    await expect(red.getByTestId('match-player-row')).toHaveCount(detail.data.players.red.length);
    await expect(blue).toContainText(detail.data.match.blueClanName);
    await expect(red).toContainText(detail.data.match.redClanName);
    const mvp = detail.data.match.mvp;
    if (mvp) {
      await expect(opened.locator('.stat-badge--mvp')).toHaveCount(1);
      await expect(opened.getByTestId(`team-${mvp.side}`).getByTestId('match-player-row').filter({ hasText: 'MVP' })).toContainText(mvp.nickname);
    }
    const blueResult = detail.data.detailData.matchResultDataInfo.blue_result;
    if (blueResult) await expect(blue.locator('.team-table__watermark')).toHaveText({ win: 'WIN', lose: 'LOSE', draw: 'DRAW' }[blueResult]);
    const firstBlue = detail.data.players.blue[0]!;
    // A name in the detail opens the player's page of the match's league.
    await expect(blue.getByRole('link', { name: firstBlue.nickname })).toHaveAttribute('href', `/sal/player/${firstBlue.playerId}?league=${LEAGUE}`);
    await expect(blue.getByTestId('match-player-row').first()).toContainText(`${firstBlue.kill}/${firstBlue.death}/${firstBlue.assist}`);

    // Opening another match closes the first one.
    const other = rows.filter({ hasNot: page.getByText('기록 중...') }).nth(1);
    await other.getByRole('button', { name: '상세 보기' }).click();
    await expect(list.getByTestId('match-detail')).toHaveCount(1);
    await expect(row.getByRole('button', { name: '상세 보기' })).toHaveAttribute('aria-expanded', 'false');

    const secondPage = await getJson<ClanMatchesResponse>(request,
      `/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}?skip=20&limit=20&onlySAL=1&anchor=${firstPage.anchor}`);
    await list.getByRole('button', { name: '더 보기' }).click();
    await expect(rows).toHaveCount(20 + secondPage.data.length);
    const allIds = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-match-id')));
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(allIds.slice(20)).toEqual(secondPage.data.map((item) => item.matchId));
  });

  test('member list: 10 members, 10 more per click, folds back, names link to the player page', async ({ page, request }) => {
    const clan = await busyClan(request);
    const members = await getJson<ClanMembersResponse>(request, `/api/league/${LEAGUE}/clan-members/${clan.clanSlug}?sort=rating&limit=300`);
    await page.goto(clanPath(clan.clanSlug));

    const list = page.getByTestId('member-list');
    const rows = list.getByTestId('member-row');
    await expect(list).toContainText(`${members.total}명`);
    await expect(rows).toHaveCount(10);
    const names = await rows.locator('th').allTextContents();
    expect(names).toEqual(members.data.slice(0, 10).map((member) => member.nickname));
    const top = members.data[0]!;
    // The member's figures are the page league's, and so is the page the name opens.
    await expect(rows.first().getByRole('link', { name: top.nickname })).toHaveAttribute('href', `/sal/player/${top.playerId}?league=${LEAGUE}`);

    await list.getByRole('button', { name: '10명 더 보기' }).click();
    await expect(rows).toHaveCount(Math.min(20, members.data.length));
    await list.getByRole('button', { name: '멤버 접기' }).click();
    await expect(rows).toHaveCount(10);

    await list.getByRole('button', { name: /클랜 멤버/ }).click();
    await expect(rows.first()).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('member-list').getByRole('button', { name: /클랜 멤버/ })).toHaveAttribute('aria-expanded', 'false');
  });

  test('header buttons: favourite is kept in this browser, basic info opens, record update asks the server again', async ({ page, request }) => {
    const clan = await busyClan(request);
    await page.goto(clanPath(clan.clanSlug));
    const header = page.getByTestId('clan-header');

    const favourite = header.getByRole('button', { name: '즐겨찾기' });
    await expect(favourite).toHaveAttribute('aria-pressed', 'false');
    await favourite.click();
    await expect(favourite).toHaveAttribute('aria-pressed', 'true');
    // A visitor's favourites stay in this browser (with the league shown) until they sign in.
    const stored = await page.evaluate(() => localStorage.getItem('sal.readerMarks'));
    expect(JSON.parse(stored ?? '{}').favourites).toEqual([expect.objectContaining({
      kind: 'clan', target: clan.clanSlug, league: LEAGUE, name: clan.clanName,
    })]);
    await page.reload();
    await expect(page.getByTestId('clan-header').getByRole('button', { name: '즐겨찾기' })).toHaveAttribute('aria-pressed', 'true');

    const members = await getJson<ClanMembersResponse>(request, `/api/league/${LEAGUE}/clan-members/${clan.clanSlug}?sort=rating&limit=300`);
    await page.getByRole('button', { name: '기본 정보' }).click();
    const dialog = page.getByRole('dialog', { name: '클랜 기본 정보' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(clan.clanName);
    await expect(dialog).toContainText(`${members.total}명`);
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect(dialog).toBeHidden();

    const isDetail = apiCall(`/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`);
    const refetch = page.waitForRequest((sent) => isDetail(new URL(sent.url())));
    await page.getByRole('button', { name: '전적 갱신' }).click();
    await refetch;
    // The e2e server has no upstream to ask: the button says the records are already current, and when.
    await expect(page.getByTestId('clan-header')).toContainText('이미 최신 전적입니다. (마지막 갱신:');
  });

  test('a match still recording says so and its detail is asked for again', async ({ page, request }) => {
    // The demo league's newest matches are still recording; one in any division (either reading shows it).
    const { league, slug, matchId } = await recordingMatch(apiGet(request));
    const detailCalls: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.includes('/match-detail/') && pathname.endsWith(`/${matchId}`)) detailCalls.push(pathname);
    });

    await page.goto(clanPath(slug, league));
    const row = page.locator(`[data-testid="match-row"][data-match-id="${matchId}"]`);
    await expect(row).toContainText('기록 중...');
    await row.getByRole('button', { name: '상세 보기' }).click();
    await expect(page.getByTestId('match-recording')).toHaveText('기록 중...');
    // Asked again 2 s after the first answer (2 s x attempt, up to 5 attempts:
    // docs/product/clans.md#detail-retry-while-recording).
    await expect.poll(() => detailCalls.length, { timeout: 6_000 }).toBeGreaterThanOrEqual(2);
  });

  test('a row listed while recording shows its result once the opened detail arrives complete', async ({ page, request }) => {
    const clan = await busyClan(request);
    const firstPage = await getJson<ClanMatchesResponse>(request,
      `/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}?skip=0&limit=20&onlySAL=1&preferSlug=${clan.clanSlug}`);
    const match = firstPage.data.find((item) => !item.recording && item.result)!;
    // The list was read while the match was still recording; its detail has been complete since.
    const listed = firstPage.data.map((item) => item.matchId === match.matchId
      ? { ...item, recording: true, status: 'recording', result: null, scores: [null, null], ratingChange: null }
      : item);
    await page.route(apiCall(`/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}`), (route) => route.fulfill({ json: { ...firstPage, data: listed } }));
    await page.goto(clanPath(clan.clanSlug));

    const row = page.locator(`[data-testid="match-row"][data-match-id="${match.matchId}"]`);
    await expect(row).toContainText('기록 중...');
    await row.getByRole('button', { name: '상세 보기' }).click();
    await expect(page.getByTestId('match-detail').getByTestId('match-player-row').first()).toBeVisible();
    await expect(row.getByTestId('match-row-recording')).toHaveCount(0);
    await expect(row.getByRole('img', { name: RESULT_NAMES[match.result!] })).toBeVisible();
    await expect(row).toContainText(`${match.scores[0]} : ${match.scores[1]}`);
  });

  test('every details toggle controls a container that exists, open or closed', async ({ page, request }) => {
    const clan = await busyClan(request);
    await page.goto(clanPath(clan.clanSlug));
    const toggles = page.getByTestId('clan-matches').getByRole('button', { name: '상세 보기' });
    await expect(toggles).toHaveCount(20);
    const missing = () => toggles.evaluateAll((buttons) => buttons.filter((button) => !document.getElementById(button.getAttribute('aria-controls') ?? '')).length);
    expect(await missing()).toBe(0);
    const first = toggles.first();
    const controlled = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`);
    await expect(controlled).toBeHidden();
    await first.click();
    await expect(controlled).toBeVisible();
    expect(await page.getByTestId('clan-matches').getByRole('button', { name: /상세/ }).evaluateAll((buttons) =>
      buttons.filter((button) => !document.getElementById(button.getAttribute('aria-controls') ?? '')).length)).toBe(0);
  });

  test('a member load failure without a server message still says why', async ({ page, request }) => {
    const clan = await busyClan(request);
    await page.route(apiCall(`/api/league/${LEAGUE}/clan-members/${clan.clanSlug}`), (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(clanPath(clan.clanSlug));
    await expect(page.getByTestId('member-list').getByRole('alert')).toHaveText('멤버 로드 오류: 멤버 정보를 불러오지 못했습니다.', { timeout: 10_000 });
  });

  test('the rating chart marks the peak and the lowest of the history', async ({ page, request }) => {
    const clan = await busyClan(request);
    const { data } = await getJson<ClanRatingHistoryResponse>(request, `/api/league/${LEAGUE}/clan-rating-history/${clan.clanSlug}`);
    const { peak, lowest, points } = data.history;
    await page.goto(clanPath(clan.clanSlug));
    const chart = page.getByTestId('rating-chart');
    await expect(chart.locator('.rating-chart__peak')).toHaveText(`최고 ${peak!.rating}`);
    await expect(chart.locator('.rating-chart__lowest')).toHaveText(`최저 ${lowest!.rating}`);
    const inWindow = (extreme: { rating: number; at: string }) => points.some((point) => point.at === extreme.at && point.rating === extreme.rating);
    await expect(chart.locator('.rating-chart__peak-dot')).toHaveCount(inWindow(peak!) ? 1 : 0);
    await expect(chart.locator('.rating-chart__low-dot')).toHaveCount(inWindow(lowest!) ? 1 : 0);
  });

  test('a 403 from the API shows the app-id message', async ({ page, request }) => {
    const clan = await busyClan(request);
    await page.route(apiCall(`/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`), (route) =>
      route.fulfill({ status: 403, json: { error: 'upstream_auth', message: 'forbidden' } }));
    await page.goto(clanPath(clan.clanSlug));
    await expect(page.getByRole('alert')).toHaveText('API 인증 오류(403): 관리자에게 app-id 설정을 요청하세요.');
  });

  test('player K/D % in the member and recent win-rate tables uses the player K/D band; the header win rate the general band', async ({ page, request }) => {
    const clan = await busyClan(request);
    const detail = await getJson<ClanDetailResponse>(request, `/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`);
    const members = await getJson<ClanMembersResponse>(request, `/api/league/${LEAGUE}/clan-members/${clan.clanSlug}?sort=rating&limit=300`);
    // Values where the two bands disagree: 66 is red in the general band, 45 neutral, 52 green in both.
    const kds = [66, 45, 52];
    const expected = ['blue', 'red', 'green'];
    const recent = detail.data.match_summary.player_summaries.slice(0, 3).map((row, index) => ({ ...row, kd_rate: kds[index]! }));
    await page.route(apiCall(`/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`), (route) => route.fulfill({
      json: { data: { ...detail.data, win_rate: 66, match_summary: { ...detail.data.match_summary, player_summaries: recent } } },
    }));
    await page.route(apiCall(`/api/league/${LEAGUE}/clan-members/${clan.clanSlug}`), (route) => route.fulfill({
      json: { ...members, data: members.data.slice(0, 3).map((row, index) => ({ ...row, kd: kds[index]! })) },
    }));
    await page.goto(clanPath(clan.clanSlug));

    const memberKd = page.getByTestId('member-row').locator('td:nth-child(6) [data-tone]');
    await expect(memberKd).toHaveText(['66.0%', '45.0%', '52.0%']);
    expect(await memberKd.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-tone')))).toEqual(expected);
    const recentKd = page.getByTestId('player-win-rates').locator('tbody tr td:nth-child(7) [data-tone]');
    await expect(recentKd).toHaveCount(recent.length);
    expect(await recentKd.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-tone')))).toEqual(expected.slice(0, recent.length));
    // The clan header keeps the general band (player and clan page figures: docs/product/ratings.md#general-band): 66
    // is red there.
    await expect(page.getByTestId('clan-header').locator('[data-tone]', { hasText: '66.0%' })).toHaveAttribute('data-tone', 'red');
  });

  test('a member without a SAL clan gives the no-record alert instead of a link', async ({ page, request }) => {
    const clan = await busyClan(request);
    const members = await getJson<ClanMembersResponse>(request, `/api/league/${LEAGUE}/clan-members/${clan.clanSlug}?sort=rating&limit=300`);
    const [first, ...rest] = members.data;
    await page.route(apiCall(`/api/league/${LEAGUE}/clan-members/${clan.clanSlug}`), (route) =>
      route.fulfill({ json: { ...members, data: [{ ...first!, clanSlug: '' }, ...rest] } }));
    const dialogs = recordDialogs(page);
    await page.goto(clanPath(clan.clanSlug));
    const name = page.getByTestId('member-row').first().getByRole('button', { name: first!.nickname });
    await name.click();
    await expect.poll(() => dialogs).toEqual(['SAL 소속이 아니므로 기록이 없습니다.']);
    await expect(page).toHaveURL(clanPath(clan.clanSlug));
  });
});

test.describe('clan page, proxy reading (/league/{division}/clan/{clanId})', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('reads the proxy calls: header, recent opponents, cursor pages and match details', async ({ page, request }) => {
    const slug = await supplyLeader(apiGet(request), 'supply-1');
    const { data } = await getJson<ProxyClanDetailResponse>(request, `/api/proxy/clan-detail/supply-1/${slug}`);
    await page.goto(clanPath(slug, 'supply-1'));

    const header = page.getByTestId('clan-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(data.clan.name);
    await expect(header).toContainText(`${data.rank}위 / ${data.rank_count}`);
    await expect(header).toContainText(`${data.win}승 ${data.lose}패 ${data.draw}무`);
    await expect(page.getByTestId('recent-opponents')).toContainText(data.matches.data[0]!.opponent.clan.name);

    const rows = page.getByTestId('clan-matches').getByTestId('match-row');
    await expect(rows).toHaveCount(data.matches.data.length);
    const next = data.matches.metadata.cursor.next;
    if (next) {
      const more = await getJson<ProxyClanMatchesResponse>(request, `/api/proxy/clan-matches/${data.league_clan.id}?cursor=${next}`);
      await page.getByTestId('clan-matches').getByRole('button', { name: '더 보기' }).click();
      await expect(rows).toHaveCount(data.matches.data.length + more.data.length);
    }

    const first = data.matches.data.find((match) => match.status === 'complete')!;
    await page.locator(`[data-testid="match-row"][data-match-id="${first.id}"]`).getByRole('button', { name: '상세 보기' }).click();
    const detail = page.getByTestId('match-detail');
    await expect(detail.getByTestId('team-blue').getByTestId('match-player-row').first()).toBeVisible();
    await expect(detail.getByTestId('team-red').getByTestId('match-player-row').first()).toBeVisible();
  });

  test('the proxy clan page draws the rating history with its peak and links each top opponent to the head-to-head', async ({ page, request }) => {
    const slug = await supplyLeader(apiGet(request), 'supply-1');
    const { data } = await getJson<ProxyClanDetailResponse>(request, `/api/proxy/clan-detail/supply-1/${slug}`);
    const history = await getJson<ClanRatingHistoryResponse>(request, `/api/league/${data.clan.division}/clan-rating-history/${slug}`);
    await page.goto(clanPath(slug, 'supply-1'));

    const chart = page.getByTestId('rating-history').getByTestId('rating-chart');
    await expect(chart).toContainText(`최고 ${history.data.history.peak!.rating}`);
    await expect(chart.getByRole('img', { name: `최근 ${history.data.history.points.length}경기 레이팅 변화 그래프` })).toBeVisible();

    const opponent = data.match_summary.clan_summaries[0]!;
    const link = page.getByTestId('top-opponents').getByRole('link', { name: `${data.clan.name} vs ${opponent.clan.name}` });
    await expect(link).toHaveAttribute('href', `/league/${data.clan.division}/clan/${slug}/vs/${opponent.clan.slug}`);
    const versus = await getJson<HeadToHeadResponse>(request, `/api/league/${data.clan.division}/head-to-head/${slug}/${opponent.clan.slug}`);
    await link.click();
    const view = page.getByTestId('head-to-head');
    await expect(view).toContainText(`${versus.data.record.win}승 ${versus.data.record.lose}패 ${versus.data.record.draw}무`);
    await expect(view.getByTestId('match-row')).toHaveCount(versus.data.matches.length);
  });

  test('a clan-detail answer whose message is not success shows the red error line and stays on the page', async ({ page, request }) => {
    const slug = await supplyLeader(apiGet(request), 'supply-1');
    const answer = await getJson<ProxyClanDetailResponse>(request, `/api/proxy/clan-detail/supply-1/${slug}`);
    await page.route(apiCall(`/api/proxy/clan-detail/supply-1/${slug}`), (route) => route.fulfill({ json: { ...answer, message: 'fail' } }));
    await page.goto(clanPath(slug, 'supply-1'));
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('클랜 정보를 불러오지 못했습니다.');
    await expect(alert).toHaveClass(/status-message--error/);
    await expect(page.getByTestId('clan-header')).toHaveCount(0);
    await expect(page).toHaveURL(clanPath(slug, 'supply-1'));
  });

  test('the proxy client: a 401 goes to /login, no response at all to /error?status=000', async ({ page, request }) => {
    const slug = await supplyLeader(apiGet(request), 'supply-1');
    await page.route(apiCall(`/api/proxy/clan-detail/supply-1/${slug}`), (route) => route.fulfill({ status: 401, json: { error: 'unauthorized', message: '로그인이 필요합니다.' } }));
    await page.goto(clanPath(slug, 'supply-1'));
    await expect(page).toHaveURL('/login');

    await page.unrouteAll();
    await page.route(apiCall(`/api/proxy/clan-detail/supply-1/${slug}`), (route) => route.abort('connectionrefused'));
    await page.goto(clanPath(slug, 'supply-1'));
    await expect(page).toHaveURL('/error?status=000', { timeout: 10_000 });
  });

  test('an unknown clan goes to the error page, as the proxy pages redirect', async ({ page }) => {
    await page.goto(clanPath('no-such-clan-here', 'supply-1'));
    await expect(page).toHaveURL('/error?status=404');
  });
});

test.describe('clan page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('match cards come 10 a page, load more adds 10, the detail fits without the headshot column', async ({ page, request }) => {
    const clan = await busyClan(request);
    await page.goto(clanPath(clan.clanSlug));
    await expect(page.getByTestId('clan-header').getByRole('heading', { level: 1 })).toHaveText(clan.clanName);

    const list = page.getByTestId('clan-matches');
    const rows = list.getByTestId('match-row');
    await expect(rows).toHaveCount(10);
    await list.getByRole('button', { name: '더 보기' }).click();
    await expect(rows).toHaveCount(20);

    await rows.filter({ hasNot: page.getByText('기록 중...') }).first().getByRole('button', { name: '상세 보기' }).click();
    const detail = list.getByTestId('match-detail');
    await expect(detail.getByTestId('team-blue')).toBeVisible();
    await expect(detail.getByRole('columnheader', { name: '헤드샷' })).toHaveCount(0);
    expect(await fitsScreenWidth(page)).toBe(true);
  });

  test('the proxy reading: header, recent opponents, match cards and the rating chart fit the screen', async ({ page, request }) => {
    const slug = await supplyLeader(apiGet(request), 'supply-2');
    const { data } = await getJson<ProxyClanDetailResponse>(request, `/api/proxy/clan-detail/supply-2/${slug}`);
    await page.goto(clanPath(slug, 'supply-2'));
    await expect(page.getByTestId('clan-header').getByRole('heading', { level: 1 })).toHaveText(data.clan.name);
    await expect(page.getByTestId('recent-opponents')).toContainText(data.matches.data[0]!.opponent.clan.name);
    await expect(page.getByTestId('clan-matches').locator('li[data-testid="match-row"]')).toHaveCount(data.matches.data.length);
    await expect(page.getByTestId('rating-chart')).toBeVisible();
    expect(await fitsScreenWidth(page)).toBe(true);
  });

  test('head-to-head: record and the meetings as match cards within the screen', async ({ page, request }) => {
    const clan = await busyClan(request);
    const { data } = await getJson<ClanDetailResponse>(request, `/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`);
    const opponent = data.match_summary.clan_summaries[0]!;
    const versus = await getJson<HeadToHeadResponse>(request, `/api/league/${LEAGUE}/head-to-head/${clan.clanSlug}/${opponent.clanSlug}`);
    await page.goto(`${clanPath(clan.clanSlug)}/vs/${opponent.clanSlug}`);
    const view = page.getByTestId('head-to-head');
    await expect(view.getByRole('heading', { level: 1 })).toContainText(data.clan.name);
    await expect(view.getByRole('heading', { level: 1 })).toContainText(opponent.clanName);
    await expect(view).toContainText(`${versus.data.record.win}승 ${versus.data.record.lose}패 ${versus.data.record.draw}무`);
    await expect(view.locator('li[data-testid="match-row"]')).toHaveCount(versus.data.matches.length);
    expect(await fitsScreenWidth(page)).toBe(true);
  });
});
