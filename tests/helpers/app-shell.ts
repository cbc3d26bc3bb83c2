import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_INDEX = fileURLToPath(new URL('../../web/index.html', import.meta.url));

/**
 * A folder holding the web app's own index.html (its head as built: title, description, theme script), for API
 * tests of what the server writes into a page's head without building the app.
 */
export async function appShellDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sal-shell-'));
  await copyFile(SOURCE_INDEX, path.join(dir, 'index.html'));
  return dir;
}
