import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { apiPaths, playerRecentParams } from '@shared/rules/first-reads.js';
import { MATCH_LIST_PAGE_SIZES } from '@shared/rules/match-lists.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import type { PlayerSummaryData } from '../../server/contracts/players.js';
import { EVERYTHING } from '../../server/modules/ingest/ingest-api.js';
import { onPhoneScreen, panelsAfterSummary } from '../../server/plugins/player-panels-ahead.js';
import { announceWriteOfEverything, createLeagueTestApp, type LeagueTestContext } from '../helpers/league-app.js';
import { testConfig } from '../helpers/test-app.js';

/** An answer as a browser takes it (brotli when sent so), with where it came from. */
async function read(app: App, url: string): Promise<{ source: string; body: string }> {
  const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
  expect(response.statusCode, url).toBe(200);
  const body = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString('utf8') : response.body;
  return { source: String(response.headers['x-cache'] ?? 'computed'), body };
}

/**
 * A player's panels with their summary (docs/caching.md, "A player's panels with their summary"): the player page
 * asks for its summary first and for the league's panels once the summary names the league it shows, so a summary
 * computed for a reader has the panels computed at once, ahead of the page's next requests. `plain` is a server on
 * the same database without the public-read cache (it reads kept answers or computes them); `other` is another
 * server with the cache.
 */
describe("a player's panels with their summary", () => {
  let context: LeagueTestContext;
  let plain: App;
  let other: App;
  /** A player with rated matches (in the league their page shows first). */
  let playerId: string;

  beforeAll(async () => {
    context = await createLeagueTestApp();
    plain = await buildApp({ config: testConfig(), prisma: context.db.prisma, databaseUrl: context.db.url, logger: false, publicReadCache: false });
    other = await buildApp({ config: testConfig(), prisma: context.db.prisma, databaseUrl: context.db.url, logger: false });
    await Promise.all([plain.ready(), other.ready()]);
    const { rows } = await context.pool.query<{ enlistment_no: string }>(
      `SELECT p.enlistment_no FROM players p JOIN player_stats s ON s.player_id = p.id
       WHERE s.matches > $1 ORDER BY s.matches DESC, p.enlistment_no LIMIT 1`,
      [MATCH_LIST_PAGE_SIZES.mobile],
    );
    playerId = rows[0]!.enlistment_no;
  });
  // Each test starts with nothing kept: no answer in memory, none in PostgreSQL.
  beforeEach(async () => {
    await announceWriteOfEverything(context);
    await other.leagueDataChanges.announce(EVERYTHING);
  });
  afterAll(async () => {
    await other?.close();
    await plain?.close();
    await context?.close();
  });

  const screens = [
    { screen: 'a computer', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', phone: false },
    { screen: 'a phone', userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', phone: true },
  ];

  it.each(screens)('computes the panels of the league a computed summary shows before the page asks, at the page size of $screen', async ({ userAgent, phone }) => {
    const summary = await context.app.inject({ url: apiPaths.playerSummary(playerId, null), headers: { 'user-agent': userAgent } });
    expect(summary.headers['x-cache']).toBe('miss');
    const shown = (summary.json() as { data: PlayerSummaryData }).data;
    expect(shown.totalMatches).toBeGreaterThan(0);
    expect(onPhoneScreen(userAgent)).toBe(phone);
    const recentPage = (size: number) => apiPaths.playerRecent(playerId, playerRecentParams(shown.leagueName, 0, size));
    const [pageSize, otherSize] = phone
      ? [MATCH_LIST_PAGE_SIZES.mobile, MATCH_LIST_PAGE_SIZES.desktop]
      : [MATCH_LIST_PAGE_SIZES.desktop, MATCH_LIST_PAGE_SIZES.mobile];
    const panels = panelsAfterSummary(playerId, shown, phone);
    expect(panels).toEqual([
      apiPaths.playerRatingHistory(playerId, shown.leagueName), apiPaths.playerBreakdown(playerId, shown.leagueName), recentPage(pageSize),
    ]);
    for (const url of panels) {
      const ahead = await read(context.app, url);
      expect(ahead.source, url).toBe('ahead');
      expect(JSON.parse(ahead.body), url).toEqual(JSON.parse((await read(plain, url)).body));
    }
    // The other screen's page is left to its reader.
    expect((await read(context.app, recentPage(otherSize))).source).toBe('miss');
  });

  it('leaves the panels to their readers when the summary was read kept, not computed', async () => {
    // Computed on one server: the summary and its panels are kept in PostgreSQL for every server.
    const first = await read(context.app, apiPaths.playerSummary(playerId, null));
    const shown = (JSON.parse(first.body) as { data: PlayerSummaryData }).data;
    for (const url of panelsAfterSummary(playerId, shown, false)) expect((await read(context.app, url)).source, url).toBe('ahead');
    // The other server reads the summary kept, so it computes nothing ahead: each panel is read kept by its reader.
    expect((await read(other, apiPaths.playerSummary(playerId, null))).source).toBe('kept');
    for (const url of panelsAfterSummary(playerId, shown, false)) expect((await read(other, url)).source, url).toBe('kept');
  });

  it('computes nothing ahead for a reader who left before the summary was answered', async () => {
    await context.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = context.app.server.address() as AddressInfo;
    const until = async (holds: () => Promise<boolean>) => {
      while (!(await holds())) await sleep(20);
    };
    const summaryUrl = apiPaths.playerSummary(playerId, null);
    // The players table held, so the summary waits; the reader asks and gives up meanwhile.
    const holder = await context.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE players IN ACCESS EXCLUSIVE MODE');
      const reader = net.connect(port, '127.0.0.1');
      await once(reader, 'connect');
      reader.write(`GET ${summaryUrl} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n`);
      await until(async () => (await context.pool.query(
        "SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'players'::regclass",
      )).rowCount! > 0);
      reader.destroy();
      await until(async () => (await promisify(context.app.server.getConnections.bind(context.app.server))()) === 0);
    } finally {
      await holder.query('COMMIT');
      holder.release();
    }
    // The summary is computed and kept all the same, for the next reader; its panels are left to their readers.
    await until(async () => (await context.pool.query("SELECT 1 FROM kept_match_pages WHERE variant LIKE 'summary:%'")).rowCount! > 0);
    const shown = (JSON.parse((await read(plain, summaryUrl)).body) as { data: PlayerSummaryData }).data;
    for (const url of panelsAfterSummary(playerId, shown, false)) expect((await read(context.app, url)).source, url).toBe('miss');
  });

  it('names no panel for a player without matches in the league shown: the page asks for none', () => {
    expect(panelsAfterSummary(playerId, { leagueName: 'sal-beginner', totalMatches: 0 }, false)).toEqual([]);
  });
});
