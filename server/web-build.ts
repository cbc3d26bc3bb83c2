import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from './config.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Builds the web app with Vite when `distDir` has no index.html yet (the first `npm start` on a fresh clone). */
export function ensureWebBuilt(distDir: string, logger: { info(message: string): void }): void {
  if (existsSync(path.join(distDir, 'index.html'))) return;
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) throw new ConfigError('web/dist is missing and Vite is not installed: run `npm install`, then `npm run build`.');
  logger.info('building the web app (first start)…');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new ConfigError('Building the web app failed (see the output above); fix it or run `npm run build`.');
}
