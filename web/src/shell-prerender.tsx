import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { RouteLoading } from './ui/layout/RouteLoading';
import { ShellFrame } from './ui/layout/ShellFrame';

function frame(isMobile: boolean): string {
  const ignore = () => undefined;
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ShellFrame isMobile={isMobile} drawerOpen={false} onOpenDrawer={ignore} onCloseDrawer={ignore}>
          <RouteLoading />
        </ShellFrame>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The shell as the app first draws it for a first-time visitor (dark theme, signed out, the page's code loading),
 * rendered at build time into index.html's root (web/build/shell-prerender-plugin.ts): the phone and desktop
 * frames both, the stylesheet showing the one that fits the screen. /theme-init.js puts it in the visitor's state
 * before the first paint; the app replaces it with the same markup when it starts (createRoot clears the root), so a
 * phone paints the frame without waiting for the JavaScript.
 */
export function renderStaticShell(): string {
  return `<div class="prerendered prerendered--desktop" inert>${pictureOf(frame(false))}</div>`
    + `<div class="prerendered prerendered--mobile" inert>${pictureOf(frame(true))}</div>`;
}

/**
 * The frame as a picture of the shell until the app starts: inert (its buttons have no handlers yet; a tap waits
 * for the app's own), without the test ids that name the app's elements, and without the image preload React
 * writes for the sidebar's logo (index.html's icon link already fetches it).
 */
function pictureOf(markup: string): string {
  return markup.replace(/ data-testid="[^"]*"/g, '').replace(/<link rel="preload" as="image"[^>]*>/g, '');
}
