import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { queryClient } from './api/query-client';
import { prefetchLeagueClanPage } from './features/clan/clan-queries';
import { clanPageVariant, DEFAULT_LEAGUE } from './features/clan/clan-routes';
import ErrorPage, { NotFoundPage } from './features/error/ErrorPage';
import { RouteErrorPage } from './features/error/RouteErrorPage';
import { communityRoutes } from './features/boards/community-routes';
import HomePage from './features/home/HomePage';
import { topClansQuery, topPlayersQuery } from './features/home/home-queries';
import { prefetchLeaguePage } from './features/league/league-queries';
import { prefetchLeaguePlayerPage } from './features/player/player-queries';
import { salRankingQuery } from './features/ranking/ranking-queries';
import { AppLayout } from './ui/layout/AppLayout';
import { RouteLoading } from './ui/layout/RouteLoading';

/**
 * The pages under one pathless route: while the first page's chunk loads, the shell paints with a loading line
 * (HydrateFallback); a page that fails to load or render shows the site's error page inside the shell.
 */
function pageRoutes(pages: RouteObject[]): RouteObject[] {
  return [{ errorElement: <RouteErrorPage />, HydrateFallback: RouteLoading, children: pages }];
}

/**
 * A page whose first answers are asked for as soon as its address is known (when the app starts, or when a link is
 * followed), in parallel with the page's chunk, instead of after the chunk has arrived and the page has rendered:
 * on a phone's network that chain (code, render, ask, render) was most of the time to the first rows. The loader
 * returns at once, so nothing waits for it; the page shows its skeleton and reads the answers from the query cache.
 * It runs again only when the path changes (not for a sort or filter in the query of the same page).
 */
function firstData(prefetch: (params: Record<string, string | undefined>, search: URLSearchParams) => void): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ params, request }: LoaderFunctionArgs) => {
      prefetch(params, new URL(request.url).searchParams);
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) => currentUrl.pathname !== nextUrl.pathname,
  };
}

const rankingFirstData = firstData(() => void queryClient.prefetchInfiniteQuery(salRankingQuery()));

/**
 * Each page is its own chunk, loaded when first visited, except the home page: it is small and the first thing
 * most visitors see, so it comes with the app and paints without waiting for a second request.
 */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // A failure of the shell itself; page failures are caught inside the shell (pageRoutes).
    errorElement: <RouteErrorPage />,
    children: pageRoutes([
      {
        index: true,
        Component: HomePage,
        ...firstData(() => {
          void queryClient.prefetchQuery(topClansQuery());
          void queryClient.prefetchQuery(topPlayersQuery());
        }),
      },
      { path: 'error', Component: ErrorPage },
      { path: 'exchange', lazy: () => import('./features/exchange/ExchangePage').then((m) => ({ Component: m.default })) },
      { path: 'terms', lazy: () => import('./features/legal/LegalPage').then((m) => ({ Component: m.TermsPage })) },
      { path: 'privacy', lazy: () => import('./features/legal/LegalPage').then((m) => ({ Component: m.PrivacyPage })) },
      // Statistics: search, leagues, rankings (clan and player pages are registered with their features).
      { path: 'search', lazy: () => import('./features/search/SearchPage').then((m) => ({ Component: m.default })) },
      { path: 'league/sal', lazy: () => import('./features/league/LeagueHubPage').then((m) => ({ Component: m.default })) },
      { path: 'league/:leagueName', ...firstData(({ leagueName = '' }, search) => prefetchLeaguePage(queryClient, leagueName, search)), lazy: () => import('./features/league/DivisionPage').then((m) => ({ Component: m.default })) },
      { path: 'rank/sal-player', ...rankingFirstData, lazy: () => import('./features/ranking/SalRankingPage').then((m) => ({ Component: m.default })) },
      { path: 'ranking', ...rankingFirstData, lazy: () => import('./features/ranking/SalRankingPage').then((m) => ({ Component: m.default })) },
      { path: 'rank/player', lazy: () => import('./features/ranking/PlayerRankChooserPage').then((m) => ({ Component: m.default })) },
      { path: 'rank/player/:division', lazy: () => import('./features/ranking/DivisionRankingPage').then((m) => ({ Component: m.default })) },
      // Clan and player pages (web/src/features/clan, player; readings explained in docs/decisions.md).
      {
        path: 'league/:league/clan/:clanKey',
        ...firstData(({ league = DEFAULT_LEAGUE, clanKey = '' }, search) => {
          if (clanPageVariant(league) === 'league') prefetchLeagueClanPage(queryClient, league, clanKey, search);
        }),
        lazy: () => import('./features/clan/ClanPage').then((m) => ({ Component: m.default })) },
      { path: 'league/:league/clan/:clanKey/vs/:opponent', lazy: () => import('./features/clan/HeadToHeadPage').then((m) => ({ Component: m.default })) },
      { path: 'sal/player/:playerId', lazy: () => import('./features/player/PlayerPage').then((m) => ({ Component: m.SalPlayerPage })) },
      {
        path: 'league/:league/player/:playerId',
        ...firstData(({ league = '', playerId = '' }, search) => prefetchLeaguePlayerPage(queryClient, playerId, league, search)),
        lazy: () => import('./features/player/PlayerPage').then((m) => ({ Component: m.LeaguePlayerPage })) },
      { path: 'player/:division/:playerId', lazy: () => import('./features/player/ProxyPlayerPage').then((m) => ({ Component: m.default })) },
      // Two players side by side (web/src/features/compare): the second picked on the page when the address names one.
      { path: 'compare/:playerId', lazy: () => import('./features/compare/ComparePage').then((m) => ({ Component: m.default })) },
      { path: 'compare/:playerId/:otherId', lazy: () => import('./features/compare/ComparePage').then((m) => ({ Component: m.default })) },
      // Trade marketplace and its admin pages (web/src/features/trade, web/src/features/admin/trade-*).
      { path: 'trade', lazy: () => import('./features/trade/pages/TradeEntryPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/user', lazy: () => import('./features/trade/pages/TradeListPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/user/new', lazy: () => import('./features/trade/pages/TradeWritePage').then((m) => ({ Component: m.default })) },
      { path: 'trade/user/:id/edit', lazy: () => import('./features/trade/pages/TradeEditPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/user/:id', lazy: () => import('./features/trade/pages/TradePostPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/chat/:postId/:dealId', lazy: () => import('./features/trade/pages/ChatRoomPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/chats', lazy: () => import('./features/trade/pages/ChatInboxPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/history/:userId', lazy: () => import('./features/trade/pages/TradeHistoryPage').then((m) => ({ Component: m.default })) },
      { path: 'trade/ads', lazy: () => import('./features/trade/pages/VendorAdsPage').then((m) => ({ Component: m.default })) },
      { path: 'admin/trust', lazy: () => import('./features/admin/trade-trust-admin-page').then((m) => ({ Component: m.default })) },
      { path: 'admin/reports', lazy: () => import('./features/admin/trade-reports-admin-page').then((m) => ({ Component: m.default })) },
      { path: 'admin/trade/ads', lazy: () => import('./features/admin/trade-ads-admin-page').then((m) => ({ Component: m.default })) },
      // Community: boards (trade/user and trade/sp are boards with a slash), notices, forms, admin inbox.
      ...communityRoutes(),
      // Accounts and the admin users page (web/src/features/account, web/src/features/admin/users).
      { path: 'signup', lazy: () => import('./features/account/SignupPage').then((m) => ({ Component: m.default })) },
      { path: 'login', lazy: () => import('./features/account/LoginPage').then((m) => ({ Component: m.default })) },
      { path: 'verify/:token', lazy: () => import('./features/account/VerifyPage').then((m) => ({ Component: m.default })) },
      { path: 'mypage', lazy: () => import('./features/account/MyPage').then((m) => ({ Component: m.default })) },
      { path: 'admin/users', lazy: () => import('./features/admin/users/AdminUsersPage').then((m) => ({ Component: m.default })) },
      { path: '*', Component: NotFoundPage },
    ]),
  },
];

/** The app's router; it starts at once on the address: the page's chunk and first reads are asked for. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
