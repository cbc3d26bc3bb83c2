// `npm run demo:check-days -- [--from YYYY-MM-DD] [--days 7]`: seeds the demo league as of each of several
// consecutive days (DEMO_END_AT's rule: 21:00 Korean time of the day) and checks, through the real app, every
// condition the browser suites find their data by (tests/helpers/demo-preconditions.ts) and the figures every page
// relies on (links from a row answer the row's figures; list totals add up). The demo league ends "now", so a
// condition some day's league cannot meet would fail the suites on that day only: this finds it on any day.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp, type App } from '../server/app.js';
import { loadConfig, parseDemoEndAt } from '../server/config.js';
import type { ClanDetailResponse } from '../server/contracts/clans.js';
import type { StandingRow } from '../server/contracts/league.js';
import type { ClanMatchesResponse, PlayerRecentResponse } from '../server/contracts/matches.js';
import type { PlayerSummaryResponse } from '../server/contracts/players.js';
import type { RankingEntry } from '../server/contracts/rankings.js';
import { ensureDatabaseExists } from '../server/db/bootstrap.js';
import { createPrismaClient } from '../server/db/client.js';
import { withDatabase } from '../server/db/connection-url.js';
import { startEmbeddedPostgres } from '../server/db/embedded.js';
import { applyMigrations } from '../server/db/migrate.js';
import { seedDemoData } from '../server/db/seed.js';
import { DEMO_PRECONDITIONS, type GetJson } from '../tests/helpers/demo-preconditions.js';

const DAY_MS = 86_400_000;
const quiet = { info: () => undefined, debug: () => undefined };

const { values } = parseArgs({
  options: { from: { type: 'string' }, days: { type: 'string', default: '7' } },
});
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 60) throw new Error('--days must be a whole number from 1 to 60');
const first = parseDemoEndAt(values.from ?? new Date().toISOString().slice(0, 10));

/** The figures every page shows beside its links: the same from the row and from the page the row opens. */
const FIGURE_CHECKS: Record<string, (get: GetJson) => Promise<void>> = {
  'ranking rows = their player pages (rating, record, rank)': async (get) => {
    for (const row of await get<RankingEntry[]>('/api/sal/user/ranking?limit=100')) {
      const { data } = await get<PlayerSummaryResponse>(`/api/league/player/${row.playerId}/summary?league=${row.leagueName}`);
      const same = data.rating === row.rating && data.win === row.win && data.lose === row.lose && data.draw === row.draw && data.rank === row.rank;
      if (!same) throw new Error(`rank ${row.rank} (${row.playerId}) differs on its page`);
    }
  },
  'standings rows = their clan pages (score, record, rank)': async (get) => {
    for (const row of await get<StandingRow[]>('/api/league/sal-beginner/standings')) {
      if (row.totalMatches === 0) continue;
      const { data } = await get<ClanDetailResponse>(`/api/league/${row.leagueName}/clan-detail/${row.clanSlug}`);
      if (data.rating !== row.score || data.win !== row.wins || data.draw !== row.draws || data.rank !== row.rank) {
        throw new Error(`${row.clanSlug} differs on its page`);
      }
    }
  },
  'list totals add up (clan: +recording; player: +recording +dropouts)': async (get) => {
    for (const row of (await get<StandingRow[]>('/api/league/sal-beginner/standings')).slice(0, 10)) {
      const list = await get<ClanMatchesResponse>(`/api/league/sal-beginner/clan-matches/${row.clanSlug}?limit=1&onlySAL=1`);
      const { counts } = list;
      if (counts.win + counts.lose + counts.draw + counts.unknown !== list.total) throw new Error(`${row.clanSlug}'s list does not add up`);
    }
    for (const row of await get<RankingEntry[]>('/api/sal/user/ranking?limit=10')) {
      const list = await get<PlayerRecentResponse>(`/api/league/player/${row.playerId}/recent?limit=1&onlySAL=1&league=${row.leagueName}`);
      const { counts } = list;
      if (counts.win + counts.lose + counts.draw + counts.unknown + counts.dropout !== list.total) throw new Error(`${row.playerId}'s list does not add up`);
    }
  },
};

function reader(app: App): GetJson {
  return async <T>(url: string) => {
    const response = await app.inject({ url });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
    return response.json<T>();
  };
}

/** Seeds a fresh database as of `endAt` and answers every check: null when it holds, else why not. */
async function checkDay(maintenanceUrl: string, endAt: Date): Promise<Map<string, string | null>> {
  const name = `demo_day_${endAt.toISOString().slice(0, 10).replace(/-/g, '')}`;
  await ensureDatabaseExists(maintenanceUrl, name);
  const url = withDatabase(maintenanceUrl, name);
  await applyMigrations(url);
  const prisma = createPrismaClient(url, 5);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(tmpdir(), 'sal-demo-days'), DEMO_SEED: 'false' });
  await seedDemoData(prisma, url, quiet, endAt);
  const app = await buildApp({ config, prisma, databaseUrl: url, logger: false, publicReadCache: false });
  await app.ready();
  const results = new Map<string, string | null>();
  try {
    const get = reader(app);
    for (const [label, check] of Object.entries({ ...DEMO_PRECONDITIONS, ...FIGURE_CHECKS })) {
      results.set(label, await check(get).then(() => null, (error: unknown) => (error instanceof Error ? error.message : String(error))));
    }
  } finally {
    await app.close();
    await prisma.$disconnect();
  }
  return results;
}

const baseDir = await mkdtemp(path.join(tmpdir(), 'sal-demo-days-'));
const database = await startEmbeddedPostgres(baseDir, quiet);
let failures = 0;
try {
  for (let day = 0; day < days; day += 1) {
    const endAt = new Date(first.getTime() + day * DAY_MS);
    const started = Date.now();
    const results = await checkDay(database.url, endAt);
    const failed = [...results].filter(([, problem]) => problem !== null);
    failures += failed.length;
    console.log(`${endAt.toISOString()}  ${results.size - failed.length}/${results.size} hold  (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    for (const [label, problem] of failed) console.log(`  FAILS  ${label}: ${problem}`);
  }
} finally {
  await database.stop();
  await rm(baseDir, { recursive: true, force: true });
}
console.log(failures === 0 ? `Every check holds on all ${days} days.` : `${failures} check(s) failed.`);
process.exit(failures === 0 ? 0 : 1);
