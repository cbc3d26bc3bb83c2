import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { busyClan, getJson, type RankingRowData } from './stats-fixtures.js';

// The page's code and first answers named in its head (server/plugins/page-preloads.ts): each is fetched once, when
// the page arrives, and the app takes it from there instead of asking again.

interface HeadLink {
  rel: string;
  as: string | null;
  href: string;
  media: string | null;
}

/** The preload links of the page as the server sends it (the app adds its own links once it runs). */
async function servedPreloads(request: APIRequestContext, path: string): Promise<HeadLink[]> {
  const html = await (await request.get(path)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="(modulepreload|preload)"([^>]*)>/g)].map(([, rel, rest]) => {
    const attribute = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(rest!)?.[1]?.replaceAll('&amp;', '&') ?? null;
    return { rel: rel!, as: attribute('as'), href: attribute('href')!, media: attribute('media') };
  });
}

/** How the page fetched each resource (Resource Timing: a preload the app took is one entry, initiated by the link). */
async function initiatorsByPath(page: Page): Promise<Map<string, string[]>> {
  const entries = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => [entry.name.replace(location.origin, ''), (entry as PerformanceResourceTiming).initiatorType] as const));
  const byPath = new Map<string, string[]>();
  for (const [path, initiator] of entries) byPath.set(path, [...(byPath.get(path) ?? []), initiator]);
  return byPath;
}

interface FirstLoadCase {
  name: string;
  path(request: APIRequestContext): Promise<string>;
  /** What the first screen shows once its answers are in. */
  shown(page: Page): Locator;
  /** The name of the page's chunk (null: it comes with the app). */
  chunk: string | null;
}

const CASES: FirstLoadCase[] = [
  { name: 'home', path: async () => '/', shown: (page) => page.getByTestId('home-top-players').getByRole('link').first(), chunk: null },
  { name: 'ranking', path: async () => '/rank/sal-player', shown: (page) => page.getByTestId('ranking-row').first(), chunk: 'SalRankingPage' },
  { name: 'standings', path: async () => '/league/sal-beginner', shown: (page) => page.getByTestId('standings-row').first(), chunk: 'DivisionPage' },
  {
    name: 'clan page',
    path: async (request) => `/league/sal-beginner/clan/${(await busyClan(request)).clanSlug}`,
    shown: (page) => page.getByTestId('match-row').first(),
    chunk: 'ClanPage',
  },
  {
    name: 'player page',
    path: async (request) => {
      const [top] = await getJson<RankingRowData[]>(request, '/api/sal/user/ranking?limit=1');
      return `/league/sal-beginner/player/${top!.playerId}`;
    },
    shown: (page) => page.getByTestId('match-row').first(),
    chunk: 'PlayerPage',
  },
];

for (const screen of [{ name: 'a phone (390 px)', width: 390, height: 844 }, { name: 'a desktop (1280 px)', width: 1280, height: 900 }]) {
  test.describe(`first load on ${screen.name}`, () => {
    test.use({ viewport: { width: screen.width, height: screen.height } });

    for (const item of CASES) {
      test(`${item.name}: the head names its chunk and first answers, and the app takes them without asking again`, async ({ page, request }) => {
        const path = await item.path(request);
        const preloads = await servedPreloads(request, path);
        await page.goto(path);
        await expect(item.shown(page)).toBeVisible();

        const matchesScreen = await page.evaluate((medias) => medias.map((media) => media === null || matchMedia(media).matches),
          preloads.map((link) => link.media));
        const answers = preloads.filter((link, index) => link.as === 'fetch' && matchesScreen[index]);
        const initiators = await initiatorsByPath(page);
        expect(answers.length).toBeGreaterThan(0);
        for (const answer of answers) expect(initiators.get(answer.href), answer.href).toEqual(['link']);
        // The other screen's match list page is not fetched at all.
        for (const [index, link] of preloads.entries()) if (!matchesScreen[index]) expect(initiators.has(link.href), link.href).toBe(false);

        // The chunks and stylesheets fetched once each (Chromium reports a module preload's initiator as 'other'):
        // the router's import and Vite's stylesheet link took them.
        const chunks = preloads.filter((link) => link.rel === 'modulepreload');
        for (const link of [...chunks, ...preloads.filter((item) => item.as === 'style')]) expect(initiators.get(link.href), link.href).toHaveLength(1);
        if (item.chunk) expect(chunks.map((link) => link.href)).toContainEqual(expect.stringMatching(new RegExp(`^/assets/${item.chunk}-`)));
      });
    }
  });
}

test('a filtered match list is not named ahead, and a clan that does not exist has no preloads', async ({ request }) => {
  const clan = await busyClan(request);
  const filtered = await servedPreloads(request, `/league/sal-beginner/clan/${clan.clanSlug}?result=win`);
  expect(filtered.filter((link) => link.as === 'fetch').map((link) => link.href)).not.toContainEqual(expect.stringContaining('clan-matches'));
  expect(filtered.filter((link) => link.as === 'fetch')).toHaveLength(4);
  const missing = await servedPreloads(request, '/league/sal-beginner/clan/no-such-clan-here');
  expect(missing.filter((link) => link.as === 'fetch')).toEqual([]);
});
