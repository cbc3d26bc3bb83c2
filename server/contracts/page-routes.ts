/**
 * The addresses of the web app's pages, in React Router's pattern syntax (`:name` is one path segment). The server
 * answers a deep link with the app either way, but with 404 when no page has the address, so a mistyped or dead
 * link is a "not found" to browsers, crawlers and link checkers, not a 200 page that says so in small print.
 * tests/unit/page-routes.test.ts keeps this list equal to the routes of web/src/router.tsx.
 */
export const PAGE_ROUTE_PATTERNS: readonly string[] = [
  '/',
  'error',
  'exchange',
  'terms',
  'privacy',
  // Statistics
  'search',
  'league/sal',
  'league/:leagueName',
  'rank/sal-player',
  'ranking',
  'rank/player',
  'rank/player/:division',
  'league/:league/clan/:clanKey',
  'league/:league/clan/:clanKey/vs/:opponent',
  'sal/player/:playerId',
  'league/:league/player/:playerId',
  'player/:division/:playerId',
  'compare/:playerId',
  'compare/:playerId/:otherId',
  // Trade marketplace
  'trade',
  'trade/user',
  'trade/user/new',
  'trade/user/:id/edit',
  'trade/user/:id',
  'trade/chat/:postId/:dealId',
  'trade/chats',
  'trade/history/:userId',
  'trade/ads',
  'admin/trust',
  'admin/reports',
  'admin/trade/ads',
  // Community
  'sal-board/trade/:tradeKind',
  'sal-board/trade/:tradeKind/write',
  'sal-board/trade/:tradeKind/:id',
  'sal-board/trade/:tradeKind/:id/edit',
  'sal-board/:category',
  'sal-board/:category/write',
  'sal-board/:category/:id',
  'sal-board/:category/:id/edit',
  'board/trade/:tradeKind',
  'board/trade/:tradeKind/:id',
  'board/:category',
  'board/:category/:id',
  'sal-board/notice/:id/edit',
  'admin/notice',
  'admin/inbox',
  'suggest',
  'sal-board/exclude',
  // Accounts
  'signup',
  'login',
  'verify/:token',
  'mypage',
  'admin/users',
];

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const PATTERNS = PAGE_ROUTE_PATTERNS.map(segmentsOf);

/** Whether a page of the app has this address (a path without query; a trailing slash is allowed). */
export function isPagePath(pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return PATTERNS.some((pattern) =>
    pattern.length === segments.length && pattern.every((part, index) => part.startsWith(':') || part === segments[index]));
}
