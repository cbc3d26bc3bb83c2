import { defineConfig } from '@playwright/test';
import { chromiumExecutable, missingChromium } from '../../scripts/chromium.mjs';
import { npmStartCommand } from '../helpers/server-process.js';
import { E2E_ADMIN_EMAIL, e2eSmtpPort } from './account-mail.js';

// Say at once, in one line, when there is no browser to run the tests in.
const missing = missingChromium();
if (missing) throw new Error(missing);
const chromiumPath = chromiumExecutable();
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  // The built site on a fresh embedded database, exactly as `npm start` runs it.
  webServer: {
    // `npm start`'s own command, Node's flags included (the collector's young generation), without npm in between.
    command: `rm -rf .data/e2e-${port} && ${npmStartCommand()}`,
    cwd: '../..',
    url: `http://localhost:${port}/api/health`,
    env: {
      PORT: String(port),
      DATA_DIR: `.data/e2e-${port}`,
      LOG_LEVEL: 'warn',
      CONTACT_EMAIL: 'help@sal-league.test',
      RATE_LIMIT_MAX: '100000',
      // Mail goes to the SMTP server account.spec.ts runs on loopback; links point at this server.
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort(port)}`,
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // The demo league's end (unset: the minute the server seeds); set it to run the suite "as of" another day.
      ...(process.env.DEMO_END_AT ? { DEMO_END_AT: process.env.DEMO_END_AT } : {}),
    },
    timeout: 180_000,
    reuseExistingServer: false,
    // Stopped as a service manager stops it, so it stops its embedded PostgreSQL too (a SIGKILL of the group left
    // that cluster running until the next run removed its folder).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
