import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type RunnerResult } from 'lighthouse';
import { chromiumExecutable } from '../scripts/chromium.mjs';
import { freePort, startServerProcess, stopServerProcess } from '../tests/helpers/server-process.js';

/**
 * `npm run bench:web`: Lighthouse 12.2.3 in Debian's Chromium on the pages readers open most (home, the ranking,
 * the standings, a clan page, a player page, the trade list), mobile (simulated throttling, Lighthouse's default)
 * and desktop, against the built site as `npm start` serves it in production on the demo league. Prints scores,
 * FCP, LCP, TBT and CLS per page. Build the web app first (`npm run build`): the run measures web/dist as it is.
 */

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);

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

async function audit(url: string, port: number, form: 'mobile' | 'desktop'): Promise<Omit<PageResult, 'page'>> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const runs: RunnerResult[] = [];
  // A run Lighthouse cannot finish (no paint yet, a crashed tab) says why and is tried again, twice at most.
  for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt += 1) {
    const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
    const failure = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse gave no result' };
    if (failure) console.log(`  ${form} ${url}: ${failure.code} ${failure.message}`);
    else runs.push(result!);
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
  const chrome = await launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results: PageResult[] = [];
  try {
    const pages = await samplePages(server.url);
    for (const form of ['mobile', 'desktop'] as const) {
      for (const page of pages) {
        console.log(`lighthouse ${form}: ${page.name} (${page.path})`);
        results.push({ page: page.name, ...(await audit(`${server.url}${page.path}`, chrome.port, form)) });
      }
    }
  } finally {
    chrome.kill();
    await stopServerProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\nLighthouse 12.2.3 in ${chromePath}, median of ${RUNS} run(s) per page and form:`);
  printTable(results);
}

await main();
