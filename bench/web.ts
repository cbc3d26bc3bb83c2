import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { freePort, startServerProcess, stopServerProcess } from '../tests/helpers/server-process.js';

/**
 * `npm run bench:web`: Lighthouse 12.2.3 in Debian's Chromium on the pages readers open most (home, the ranking,
 * the standings, a clan page, a player page, the trade list), mobile (simulated throttling, Lighthouse's default)
 * and desktop, against the built site as `npm start` serves it in production on the demo league. Prints scores,
 * FCP, LCP, TBT and CLS per page. Build the web app first (`npm run build`): the run measures web/dist as it is.
 *
 * Options (environment): BENCH_WEB_RUNS runs per page and form (the median is printed; default 1);
 * BENCH_WEB_PAGES a comma-separated list of page names to run (e.g. `ranking,clan page`; default all);
 * BENCH_WEB_FORMS `mobile`, `desktop` or both (default); BENCH_WEB_REPORTS a folder to keep every run's
 * Lighthouse report (JSON) in, for its diagnostics (long tasks, main-thread work, unused JavaScript).
 */

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const FORMS = ['mobile', 'desktop'] as const;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
const PAGE_FILTER = listOption(process.env.BENCH_WEB_PAGES);
const FORM_FILTER = listOption(process.env.BENCH_WEB_FORMS);
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;

function listOption(value: string | undefined): string[] | null {
  const items = value?.split(',').map((item) => item.trim()).filter(Boolean) ?? [];
  return items.length > 0 ? items : null;
}

interface PageResult {
  page: string;
  form: 'mobile' | 'desktop';
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** The address of a clan page and of a player page, found through the API as a reader's clicks would find them. */
async function samplePages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  // Both calls answer an array or a data array (the spec reads either).
  const rows = async <T>(url: string) => {
    const body = await (await fetch(`${baseUrl}${url}`)).json() as T[] | { data: T[] };
    return Array.isArray(body) ? body : body.data;
  };
  const [topClan] = await rows<{ clanSlug: string }>('/api/league/sal-beginner/standings?limit=1');
  const [topPlayer] = await rows<{ playerId: string }>('/api/sal/user/ranking?limit=1');
  if (!topClan || !topPlayer) throw new Error('the demo league has no ranked clan or player');
  return [
    { name: 'home', path: '/' },
    { name: 'ranking', path: '/rank/sal-player' },
    { name: 'standings', path: '/league/sal-beginner' },
    { name: 'clan page', path: `/league/sal-beginner/clan/${topClan.clanSlug}` },
    { name: 'player page', path: `/league/sal-beginner/player/${topPlayer.playerId}` },
    { name: 'trade list', path: '/trade/user' },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Keeps a run's full report when BENCH_WEB_REPORTS names a folder. */
async function keepReport(result: RunnerResult, page: string, form: string, run: number): Promise<void> {
  if (!REPORTS_DIR) return;
  await mkdir(REPORTS_DIR, { recursive: true });
  const file = path.join(REPORTS_DIR, `${page.replaceAll(' ', '-')}-${form}-${run + 1}.json`);
  await writeFile(file, JSON.stringify(result.lhr));
}

/**
 * The Chromium Lighthouse drives. A run that fails (NO_NAVSTART, NO_FCP, a protocol timeout or a crashed tab,
 * which a busy machine provokes now and then) leaves the browser suspect, so the next attempt gets a fresh one.
 */
class Browser {
  private chrome: LaunchedChrome | null = null;

  constructor(private readonly chromePath: string) {}

  async port(): Promise<number> {
    this.chrome ??= await launch({
      chromePath: this.chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
    return this.chrome.port;
  }

  close(): void {
    this.chrome?.kill();
    this.chrome = null;
  }
}

/** One Lighthouse run, or why it failed (Lighthouse reports some failures and throws others). */
async function runLighthouse(url: string, browser: Browser, form: 'mobile' | 'desktop'): Promise<RunnerResult | { code: string; message: string }> {
  const flags: Flags = { port: await browser.port(), output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  try {
    const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
    if (!result) return { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    return result.lhr.runtimeError ?? result;
  } catch (error) {
    return { code: 'THROWN', message: error instanceof Error ? error.message : String(error) };
  }
}

async function audit(url: string, page: string, browser: Browser, form: 'mobile' | 'desktop'): Promise<Omit<PageResult, 'page'>> {
  const runs: RunnerResult[] = [];
  // A failed run says why and is tried again in a fresh browser, three times at most per page and form.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt += 1) {
    const result = await runLighthouse(url, browser, form);
    if ('lhr' in result) {
      await keepReport(result, page, form, runs.length);
      runs.push(result);
    } else {
      console.log(`  ${form} ${url}: ${result.code} ${result.message}`);
      browser.close();
    }
  }
  if (runs.length === 0) throw new Error(`Lighthouse could not audit ${url} (${form})`);
  const numeric = (result: RunnerResult, id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (result: RunnerResult, id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
  return {
    form,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((result) => score(result, id)))])) as PageResult['scores'],
    fcpMs: median(runs.map((result) => numeric(result, 'first-contentful-paint'))),
    lcpMs: median(runs.map((result) => numeric(result, 'largest-contentful-paint'))),
    tbtMs: median(runs.map((result) => numeric(result, 'total-blocking-time'))),
    cls: median(runs.map((result) => numeric(result, 'cumulative-layout-shift'))),
  };
}

function loadAverage(): string {
  return loadavg().map((load) => load.toFixed(1)).join(' ');
}

function printTable(results: PageResult[]): void {
  console.log('\n| page | form | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    const { scores } = result;
    console.log(
      `| ${result.page} | ${result.form} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ` +
        `${scores.seo} | ${Math.round(result.fcpMs)} | ${Math.round(result.lcpMs)} | ${Math.round(result.tbtMs)} | ${result.cls.toFixed(3)} |`,
    );
  }
}

async function main(): Promise<void> {
  const chromePath = chromiumExecutable();
  if (!chromePath) throw new Error('bench:web needs Chromium: install it (apt-get install -y chromium) or set CHROMIUM_PATH.');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sal-bench-web-'));
  const server = await startServerProcess({
    NODE_ENV: 'production',
    PORT: String(await freePort()),
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
  }, 600_000);
  const browser = new Browser(chromePath);
  const results: PageResult[] = [];
  // Simulated throttling scales what this machine measures, so a busy machine reads slower: the load is printed.
  const loadAtStart = loadAverage();
  try {
    const pages = (await samplePages(server.url)).filter((page) => !PAGE_FILTER || PAGE_FILTER.includes(page.name));
    if (pages.length === 0) throw new Error(`BENCH_WEB_PAGES names no page of this bench (${PAGE_FILTER?.join(', ')})`);
    for (const form of FORMS.filter((name) => !FORM_FILTER || FORM_FILTER.includes(name))) {
      for (const page of pages) {
        console.log(`lighthouse ${form}: ${page.name} (${page.path})`);
        results.push({ page: page.name, ...(await audit(`${server.url}${page.path}`, page.name, browser, form)) });
      }
    }
  } finally {
    browser.close();
    await stopServerProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLighthouse 12.2.3 in ${chromePath}, median of ${RUNS} run(s) per page and form;`);
  console.log(`load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAverage()}:`);
  printTable(results);
}

await main();
