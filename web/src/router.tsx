import { createBrowserRouter } from 'react-router-dom';
import ErrorPage, { NotFoundPage } from './features/error/ErrorPage';
import { AppLayout } from './ui/layout/AppLayout';

/** Each page is its own chunk, loaded when first visited, so the home page stays small. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, lazy: () => import('./features/home/HomePage').then((m) => ({ Component: m.default })) },
      { path: 'error', Component: ErrorPage },
      { path: 'exchange', lazy: () => import('./features/exchange/ExchangePage').then((m) => ({ Component: m.default })) },
      { path: 'terms', lazy: () => import('./features/legal/LegalPage').then((m) => ({ Component: m.TermsPage })) },
      { path: 'privacy', lazy: () => import('./features/legal/LegalPage').then((m) => ({ Component: m.PrivacyPage })) },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
