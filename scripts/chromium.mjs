// Where the browser tests find Chromium (ARCHITECTURE.md): CHROMIUM_PATH, else Debian's /usr/bin/chromium, else
// the browser Playwright installed itself. Shared by `npm test` (which stops at once without one) and the
// Playwright configuration.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The Chromium to launch: a path, or undefined for Playwright's own browser when that one is installed. */
export function chromiumExecutable() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Why the browser tests cannot run here, in one line; undefined when a Chromium is there. */
export function missingChromium() {
  const path = chromiumExecutable();
  if (path) return existsSync(path) ? undefined : `CHROMIUM_PATH names ${path}, which does not exist.`;
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // No Playwright browser either.
  }
  return 'The browser tests need Chromium: install it (apt-get install -y chromium on Debian) or set CHROMIUM_PATH to its executable.';
}
