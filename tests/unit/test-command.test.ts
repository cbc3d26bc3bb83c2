import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('npm test without a browser', () => {
  it('stops before the first suite with one line saying how to get Chromium', () => {
    const run = spawnSync(process.execPath, ['scripts/test-all.mjs'], {
      cwd: ROOT,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('npm test: CHROMIUM_PATH names /nonexistent/chromium, which does not exist.');
    expect(run.stdout).not.toContain('=== typecheck');
  });
});
