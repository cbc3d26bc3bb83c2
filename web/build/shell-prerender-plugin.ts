import { createServer, type Plugin } from 'vite';

const ROOT_ELEMENT = '<div id="root"></div>';

/** The app's script and the modules it preloads, as Vite writes them into index.html. */
const APP_SCRIPTS = /<(script type="module"|link rel="modulepreload") crossorigin/g;

/**
 * Renders the shell (web/src/shell-prerender.tsx) into the built index.html's root, through a Vite server in SSR
 * mode on the same configuration, so the markup comes from the app's own components and message catalogue.
 *
 * With the shell in the page, the app's JavaScript no longer blocks the first paint, so it is fetched at low
 * priority: on a slow network the stylesheets, which do, come first.
 */
export function shellPrerender(configFile: string): Plugin {
  return {
    name: 'sal-shell-prerender',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written the app's script and preload tags.
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT} to render the shell into`);
        const shell = await renderShell(configFile);
        return html
          .replace(ROOT_ELEMENT, () => `<div id="root">${shell}</div>`)
          .replace(APP_SCRIPTS, (tag) => `${tag} fetchpriority="low"`);
      },
    },
  };
}

async function renderShell(configFile: string): Promise<string> {
  const server = await createServer({
    configFile,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderStaticShell } = await server.ssrLoadModule('/src/shell-prerender.tsx') as { renderStaticShell(): string };
    return renderStaticShell();
  } finally {
    await server.close();
  }
}
