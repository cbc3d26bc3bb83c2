import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. The pages read it through their hooks; the routes' first-data loaders (router.tsx)
 * fill it as soon as an address is known, before the page's code has arrived.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});
