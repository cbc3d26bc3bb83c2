import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ClanDetailResponse } from '../../server/contracts/clans.js';
import type { ClanMatchesResponse, MatchDetailResponse } from '../../server/contracts/matches.js';
import { rankedBeginnerPlayer } from '../helpers/demo-preconditions.js';
import { apiGet, busyClan, getJson } from './stats-fixtures.js';

/**
 * Link previews as a messenger reads them (the tags in the served HTML, and the card they name) and as a browser
 * keeps them (the tags stay in the document while the app runs on the same address). Each page must still work.
 */

const LEAGUE = 'sal-beginner';

/** The content of a meta tag of the document the browser shows. */
const metaOf = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');

/** The preview tags of an address as a messenger fetches them: the served HTML, before any script runs. */
async function servedPreview(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  const html = await response.text();
  const tag = (key: string) => {
    const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
    return found?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  };
  return { status: response.status(), title: tag('og:title'), description: tag('og:description'), image: tag('og:image') };
}

/** The card an og:image names answers a 1200 x 630 PNG. */
async function expectCard(request: APIRequestContext, imageUrl: string) {
  const url = new URL(imageUrl);
  const card = await request.get(`${url.pathname}${url.search}`);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  const png = await card.body();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
}

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test.describe(`link previews at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the preview tags of a clan page name that clan', async ({ page, request }) => {
      const clan = await busyClan(request);
      const { data } = await getJson<ClanDetailResponse>(request, `/api/league/${LEAGUE}/clan-detail/${clan.clanSlug}`);
      const path = `/league/${LEAGUE}/clan/${clan.clanSlug}`;
      await page.goto(path);
      const header = page.getByTestId('clan-header');
      const shownName = (await header.getByRole('heading', { level: 1 }).textContent())!;
      await expect(header).toContainText(`${data.win}승 ${data.lose}패 ${data.draw}무`);

      // The tags the browser holds for the page are the clan's, with the figures its header shows.
      expect(await metaOf(page, 'og:title')).toBe(`${shownName} · ${data.league.name}`);
      const description = (await metaOf(page, 'og:description'))!;
      expect(description).toContain(`레이팅 ${data.rating.toLocaleString('ko-KR')}`);
      expect(description).toContain(`전적 ${data.win}승 ${data.lose}패 ${data.draw}무`);
      expect(await metaOf(page, 'twitter:card')).toBe('summary_large_image');

      // A messenger reads the same from the served HTML and gets the clan's card.
      const served = await servedPreview(request, path);
      expect(served.status).toBe(200);
      expect(served.title).toBe(`${shownName} · ${data.league.name}`);
      expect(served.description).toBe(description);
      expect(served.image).toContain(`/og/clan/${LEAGUE}/${clan.clanSlug}.png`);
      await expectCard(request, served.image!);
    });

    test('player, match and post addresses preview their own thing, and their pages work as before', async ({ page, request }) => {
      const player = await rankedBeginnerPlayer(apiGet(request), 1);
      await page.goto(`/sal/player/${player.playerId}`);
      await expect(page.getByTestId('player-header').getByRole('heading', { level: 1 })).toHaveText(player.nickname);
      // The page still writes the league it shows into its address.
      await expect(page).toHaveURL(new RegExp(`league=${player.leagueName}`));
      expect(await metaOf(page, 'og:title')).toContain(player.nickname);
      expect(await metaOf(page, 'og:url')).toContain(`league=${player.leagueName}`);

      const clan = await busyClan(request);
      const list = await getJson<ClanMatchesResponse>(request, `/api/league/${LEAGUE}/clan-matches/${clan.clanSlug}?skip=0&limit=20&onlySAL=1`);
      const listed = list.data.find((item) => !item.recording)!;
      const { data: match } = await getJson<MatchDetailResponse>(request, `/api/league/match-detail/${listed.matchId}`);
      await page.goto(`/league/${LEAGUE}/clan/${clan.clanSlug}?match=${listed.matchId}`);
      await expect(page.locator(`[data-testid="match-row"][data-match-id="${listed.matchId}"]`).getByRole('button', { name: '상세 닫기' })).toBeVisible();
      expect(await metaOf(page, 'og:title')).toBe(`${match.match.blueClanName} vs ${match.match.redClanName}`);
      expect(await metaOf(page, 'og:image')).toContain(`/og/match/${listed.matchId}.png`);

      const title = `미리보기 시험 ${viewport.width}`;
      const written = await request.post('/api/sal-board/free', { data: { title, content: '링크를 붙이면 이 글이 보입니다.', nickname: '시험', password: 'pass1234' } });
      const postId = (await written.json()).post._id as string;
      await page.goto(`/sal-board/free/${postId}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
      expect(await metaOf(page, 'og:title')).toBe(title);
      expect(await metaOf(page, 'og:description')).toBe('링크를 붙이면 이 글이 보입니다.');
      await expectCard(request, (await metaOf(page, 'og:image'))!);
    });

    test('an address of a clan or post that does not exist answers 404 and the page says it is not there', async ({ page }) => {
      const clan = await page.goto(`/league/${LEAGUE}/clan/no-such-clan-anywhere`);
      expect(clan!.status()).toBe(404);
      await expect(page.getByText('클랜 정보를 찾을 수 없습니다.')).toBeVisible();
      const post = await page.goto('/sal-board/free/2000000000');
      expect(post!.status()).toBe(404);
      await expect(page.getByText('게시글을 찾을 수 없습니다', { exact: false })).toBeVisible();
    });
  });
}
