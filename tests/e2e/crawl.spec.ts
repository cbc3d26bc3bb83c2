import { expect, test, type Page } from '@playwright/test';

/**
 * Every statistics page is reachable by clicking from home: a crawl that starts at home, clicks links (never types
 * an address) and records which kinds of statistics page it reached, until it has reached them all. A kind is a
 * page of the app, whatever clan, player or league it shows.
 */
const KINDS = {
  leagueHub: 'the league hub (/league/sal)',
  standings: 'the beginner league standings',
  divisionTable: 'a division table (1부, 2부, 3부)',
  clanList: 'a league\'s clan list (?view=list)',
  clanPage: 'a clan page of the beginner league (league-name reading)',
  proxyClanPage: 'a clan page of a supply league (proxy reading)',
  headToHead: 'a head-to-head page',
  playerPage: 'a player page (/sal/player)',
  proxyPlayerPage: 'a player page of a division ranking (/player/{division})',
  salRanking: 'the SAL personal ranking',
  rankChooser: 'the division ranking chooser (/rank/player)',
  divisionRanking: 'a division ranking (/rank/player/{division})',
  leagueCards: 'a player\'s league cards (/search?playerId=)',
} as const;
type Kind = keyof typeof KINDS;

/** The kind of statistics page an in-site address opens, or null for another page. */
function kindOf(href: string): Kind | null {
  const url = new URL(href, 'http://site');
  const path = url.pathname.replace(/\/$/, '');
  if (path === '/league/sal') return 'leagueHub';
  if (path === '/league/sal-beginner') return 'standings';
  if (/^\/league\/(supply-1|supply-2|sanply)$/.test(path)) return url.searchParams.get('view') === 'list' ? 'clanList' : 'divisionTable';
  if (/^\/league\/[^/]+\/clan\/[^/]+\/vs\/[^/]+$/.test(path)) return 'headToHead';
  if (/^\/league\/sal-beginner\/clan\/[^/]+$/.test(path)) return 'clanPage';
  if (/^\/league\/(supply-1|supply-2|sanply)\/clan\/[^/]+$/.test(path)) return 'proxyClanPage';
  if (/^\/sal\/player\/[^/]+$/.test(path)) return 'playerPage';
  if (/^\/player\/[^/]+\/[^/]+$/.test(path)) return 'proxyPlayerPage';
  if (path === '/rank/sal-player' || path === '/ranking') return 'salRanking';
  if (path === '/rank/player') return 'rankChooser';
  if (/^\/rank\/player\/[^/]+$/.test(path)) return 'divisionRanking';
  if (path === '/search' && url.searchParams.get('playerId')) return 'leagueCards';
  return null;
}

/** What shows that a page of each kind has loaded its content (not an error or the not-found page). */
const LOADED: Record<Kind, (page: Page) => ReturnType<Page['getByTestId']>> = {
  leagueHub: (page) => page.getByTestId('league-hub'),
  standings: (page) => page.getByTestId('standings-row').first(),
  divisionTable: (page) => page.getByTestId('division-row').first(),
  clanList: (page) => page.getByTestId('clan-list-row').first(),
  clanPage: (page) => page.getByTestId('clan-header'),
  proxyClanPage: (page) => page.getByTestId('clan-header'),
  headToHead: (page) => page.getByTestId('head-to-head'),
  playerPage: (page) => page.getByTestId('player-header'),
  proxyPlayerPage: (page) => page.getByTestId('player-header'),
  salRanking: (page) => page.getByTestId('ranking-row').first(),
  rankChooser: (page) => page.getByTestId('rank-chooser'),
  divisionRanking: (page) => page.getByTestId('ranking-row').first(),
  leagueCards: (page) => page.getByTestId('league-cards'),
};

/** The in-site addresses of the visible links on the page, in document order, without repeats. */
async function visibleLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) =>
    links.filter((link) => (link as HTMLElement).offsetParent !== null).map((link) => link.getAttribute('href')!));
  return [...new Set(hrefs)];
}

test.describe('every statistics page is a few clicks from home (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a crawl that only clicks reaches every kind of statistics page', async ({ page }) => {
    test.setTimeout(180_000);
    const reached = new Map<Kind, string>();
    // Pages to explore, each reached by clicking (home is the start), with the path of clicks that led there.
    const queue: { url: string; trail: string[] }[] = [{ url: '/', trail: [] }];
    const explored = new Set<string>();
    while (queue.length > 0 && reached.size < Object.keys(KINDS).length) {
      const { url, trail } = queue.shift()!;
      if (explored.has(url)) continue;
      explored.add(url);
      await page.goto(url);
      const kind = kindOf(url);
      if (kind) await expect(LOADED[kind](page)).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      for (const href of await visibleLinks(page)) {
        const target = kindOf(href);
        if (!target || reached.has(target)) continue;
        // Click the link itself, as a reader would, and check the page it opens.
        await page.locator(`a[href="${href}"]`).filter({ visible: true }).first().click();
        await page.waitForURL((address) => kindOf(`${address.pathname}${address.search}`) === target);
        await expect(LOADED[target](page)).toBeVisible();
        await expect(page.getByText('페이지를 찾을 수 없습니다')).toHaveCount(0);
        const landed = new URL(page.url());
        reached.set(target, [...trail, `${landed.pathname}${landed.search}`].join(' > '));
        queue.push({ url: `${landed.pathname}${landed.search}`, trail: [...trail, `${landed.pathname}${landed.search}`] });
        // Back to the page being explored (some links replace the history entry, so not by the back button).
        await page.goto(url);
      }
    }
    const missing = (Object.keys(KINDS) as Kind[]).filter((kind) => !reached.has(kind)).map((kind) => KINDS[kind]);
    expect(missing, `not reached by clicking from home: ${missing.join('; ')}`).toEqual([]);
  });
});
