import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_INDEX = fileURLToPath(new URL('../../web/index.html', import.meta.url));

/**
 * A folder holding the web app's own index.html (its head as built: title, description, theme script), for API
 * tests of what the server writes into a page's head without building the app. Made at once (one small file), so
 * a test file can name it where it declares its app.
 */
export function appShellDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sal-shell-'));
  copyFileSync(SOURCE_INDEX, path.join(dir, 'index.html'));
  return dir;
}
