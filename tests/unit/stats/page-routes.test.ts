import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_ROUTE_PATTERNS } from '../../../server/contracts/page-routes.js';

/**
 * The community routes build their paths in code; the module is loaded by a path held in a variable so the
 * server's type check (NodeNext) does not walk the web app's bundler-style imports behind it.
 */
const COMMUNITY_ROUTES_MODULE = '../../../web/src/features/boards/community-routes.js';

/** The page paths web/src/router.tsx registers (the index route is '/'; '*' is the not-found page). */
async function routerPaths(): Promise<string[]> {
  const source = readFileSync(new URL('../../../web/src/router.tsx', import.meta.url), 'utf8');
  const declared = [...source.matchAll(/path: '([^']+)'/g)].map((match) => match[1]!).filter((path) => path !== '*');
  const { communityRoutes } = (await import(COMMUNITY_ROUTES_MODULE)) as { communityRoutes(): { path?: string }[] };
  const community = communityRoutes().map((route) => route.path!);
  return ['/', ...declared, ...community];
}

describe('page routes the server knows', () => {
  it('are exactly the routes of the web app (a new page must be added to server/contracts/page-routes.ts)', async () => {
    expect([...PAGE_ROUTE_PATTERNS].sort()).toEqual((await routerPaths()).sort());
  });

  it('match an address segment by segment, a parameter standing for any one segment', () => {
    for (const path of ['/', '/league/sal', '/league/supply-1', '/league/sal-beginner/clan/raven', '/league/sal-beginner/clan/raven/',
      '/league/sal-beginner/clan/raven/vs/hyena', '/sal/player/123456', '/rank/player/sanply', '/sal-board/free/12/edit']) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ['/no/such/page', '/league', '/league/sal-beginner/clan', '/sal/player', '/rank/player/supply/x', '/assets']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});
