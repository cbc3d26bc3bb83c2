import type { RouteObject } from 'react-router-dom';

const lazyBoards = () => import('./board-pages');

/**
 * Routes of the community pages (docs/product/boards.md, docs/product/notices.md, docs/product/forms.md). Static
 * segments outrank parameters, so /sal-board/exclude, /sal-board/notice/{id}/edit and the trade/{kind} boards win over
 * /sal-board/{category}/... .
 */
export function communityRoutes(): RouteObject[] {
  const boardSet = (prefix: string): RouteObject[] => [
    { path: prefix, lazy: () => lazyBoards().then((m) => ({ Component: m.BoardListPage })) },
    { path: `${prefix}/write`, lazy: () => lazyBoards().then((m) => ({ Component: m.PostWritePage })) },
    { path: `${prefix}/:id`, lazy: () => lazyBoards().then((m) => ({ Component: m.PostDetailPage })) },
    { path: `${prefix}/:id/edit`, lazy: () => lazyBoards().then((m) => ({ Component: m.PostEditPage })) },
  ];
  const readOnlySet = (prefix: string): RouteObject[] => [
    { path: prefix, lazy: () => lazyBoards().then((m) => ({ Component: m.ReadOnlyBoardListPage })) },
    { path: `${prefix}/:id`, lazy: () => lazyBoards().then((m) => ({ Component: m.ReadOnlyPostDetailPage })) },
  ];
  return [
    ...boardSet('sal-board/trade/:tradeKind'),
    ...boardSet('sal-board/:category'),
    ...readOnlySet('board/trade/:tradeKind'),
    ...readOnlySet('board/:category'),
    { path: 'sal-board/notice/:id/edit', lazy: () => import('../notices/NoticeEditPage').then((m) => ({ Component: m.default })) },
    { path: 'admin/notice', lazy: () => import('../notices/NoticeWritePage').then((m) => ({ Component: m.default })) },
    { path: 'admin/inbox', lazy: () => import('../admin/inbox/AdminInboxPage').then((m) => ({ Component: m.default })) },
    { path: 'suggest', lazy: () => import('../forms/SuggestPage').then((m) => ({ Component: m.default })) },
    { path: 'sal-board/exclude', lazy: () => import('../forms/ExcludePage').then((m) => ({ Component: m.default })) },
  ];
}
