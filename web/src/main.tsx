import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './api/query-client';
import { createAppRouter } from './router';
import { watchSystemTheme } from './stores/theme';
import './styles/global.css';

/** A new task: the browser may paint, take a tap or run a timer before the app goes on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The page already shows the shell (index.html carries it, web/src/shell-prerender.tsx), so the app starts in
 * steps instead of one long task on a phone's main thread: the router (which asks for the page's chunk and first
 * reads), then the root, then the first render as a transition, which React renders in slices of a few
 * milliseconds before it replaces the shell with the same markup.
 */
async function start(): Promise<void> {
  watchSystemTheme();
  const router = createAppRouter();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  await nextTask();
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

void start();
