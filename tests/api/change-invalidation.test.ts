import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { IngestWriter } from '../../server/modules/ingest/ingest-api.js';
import { busiestLeague, clanRosters, matchBetween } from '../helpers/clan-rosters.js';
import { createLeagueTestApp, type LeagueTestContext } from '../helpers/league-app.js';
import { testConfig } from '../helpers/test-app.js';

/**
 * Invalidation by what changed (docs/caching.md): a match of clans A and B clears the answers that show A, B, their
 * players and their league's tables, in the app that wrote it at once and in another server on the same database
 * through NOTIFY; a clan C of another league, and the pages of a clan D of the same league that do not show the
 * league's order, are still answered from memory.
 */
describe('invalidation by what changed', () => {
  let context: LeagueTestContext;
  /** A second server on the same database: its own caches, its own LISTEN connection. */
  let other: App;
  let league: string;
  let clans: { a: string; b: string; c: string; cLeague: string; d: string };
  let members: Map<string, { playerId: string; nickname: string }[]>;
  let matchCount = 0;

  beforeAll(async () => {
    context = await createLeagueTestApp();
    other = await buildApp({ config: testConfig(), prisma: context.db.prisma, databaseUrl: context.db.url, logger: false });
    await other.ready();
    const rosters = await clanRosters(context.pool);
    members = new Map(rosters.map((roster) => [roster.clan, roster.players]));
    // The league with the most clans holds A, B and D; C is the first clan of any other league.
    const playing = rosters.filter((roster) => roster.players.length >= 5);
    const busiest = busiestLeague(playing);
    const elsewhere = playing.find((roster) => roster.league !== busiest.league)!;
    expect(busiest.clans.length).toBeGreaterThanOrEqual(3);
    league = busiest.league;
    clans = { a: busiest.clans[0]!.clan, b: busiest.clans[1]!.clan, d: busiest.clans[2]!.clan, c: elsewhere.clan, cLeague: elsewhere.league };
  });
  afterAll(async () => {
    await other?.close();
    await context?.close();
  });

  /** A finished match of A against B after every stored one (no replay), played by their members as they are named now. */
  function nextMatch(): MatchRecord {
    matchCount += 1;
    return matchBetween(context.records, {
      league, matchId: `invalidation-${matchCount}`, hoursAfterEnd: matchCount,
      blue: { clan: clans.a, members: members.get(clans.a)! }, red: { clan: clans.b, members: members.get(clans.b)! },
    });
  }


  const clanReads = (slug: string, inLeague: string) => ['clan-detail', 'clan-matches', 'clan-members', 'clan-rating-history']
    .map((read) => `/api/league/${inLeague}/${read}/${slug}`);
  const playerReads = (playerId: string) => [`/api/league/player/${playerId}/summary`, `/api/league/player/${playerId}/recent`];
  const leagueReads = () => [`/api/league/${league}/standings`, `/api/league/${league}/standings?limit=5`, `/api/league-summary/${league}`];
  const playerOf = (slug: string) => members.get(slug)![0]!.playerId;

  /** The answers that must be recomputed after a match of A and B, and those that must still come from memory. */
  function expectations() {
    return {
      fresh: [
        ...clanReads(clans.a, league), ...clanReads(clans.b, league), ...playerReads(playerOf(clans.a)),
        ...playerReads(playerOf(clans.b)), ...leagueReads(),
        // D's header shows its place in the league's standings, which A's and B's match can move.
        `/api/league/${league}/clan-detail/${clans.d}`,
      ],
      kept: [
        ...clanReads(clans.c, clans.cLeague), ...playerReads(playerOf(clans.c)), `/api/league-summary/${clans.cLeague}`,
        `/api/league/${league}/clan-matches/${clans.d}`, `/api/league/${league}/clan-members/${clans.d}`,
        `/api/league/${league}/clan-rating-history/${clans.d}`, ...playerReads(playerOf(clans.d)).slice(1),
      ],
    };
  }

  /**
   * A read kept in PostgreSQL too (kept_match_pages): a clan's or a player's match list as its page first opens it,
   * a clan's header, members and rating history, a player's summary.
   */
  const isKeptInPostgres = (url: string) =>
    /\/clan-(matches|rating-history|detail|members)\/[^?]+$|\/recent$|\/summary$/.test(url);

  async function cacheOf(app: App, url: string): Promise<string> {
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return String(response.headers['x-cache']);
  }

  /** Asks every read until it is kept (the second ask is a hit). */
  async function warm(app: App, urls: string[]): Promise<void> {
    for (const url of urls) {
      await cacheOf(app, url);
      expect(await cacheOf(app, url), url).toBe('hit');
    }
  }

  /** The fresh answers cleared from memory (computed, or read from PostgreSQL where a write left them), the rest hits. */
  async function expectCleared(app: App, { fresh, kept }: ReturnType<typeof expectations>): Promise<void> {
    for (const url of fresh) expect(await cacheOf(app, url), url).not.toBe('hit');
    for (const url of kept) expect(await cacheOf(app, url), url).toBe('hit');
  }

  const clanMatchesTotal = async (app: App) =>
    (await app.inject({ url: `/api/league/${league}/clan-matches/${clans.a}` })).json<{ total: number }>().total;

  it("clears in the writing app exactly the answers that show the match's clans, players and league", async () => {
    const reads = expectations();
    await warm(context.app, [...reads.fresh, ...reads.kept]);
    const before = (await context.app.inject({ url: `/api/league/${league}/clan-matches/${clans.a}` })).json<{ total: number }>().total;
    const summary = await context.ingest([nextMatch()]);
    expect(summary.replayedLeagues).toEqual([]);
    await expectCleared(context.app, reads);
    expect(await clanMatchesTotal(context.app)).toBe(before + 1);
  });

  it('clears the same answers in another server on the database, for a write of this app and for a command-line run', async () => {
    const reads = expectations();
    for (const write of [
      (match: MatchRecord) => context.ingest([match]),
      // A command-line run: no app of its own, the NOTIFY alone (notifyOn).
      (match: MatchRecord) => IngestWriter.run(context.pool, [match]),
    ]) {
      await warm(other, [...reads.fresh, ...reads.kept]);
      const before = await clanMatchesTotal(other);
      await write(nextMatch());
      // The NOTIFY arrives a moment later; until then `other` answers from memory.
      await expect.poll(() => clanMatchesTotal(other), { timeout: 5000 }).toBe(before + 1);
      await expectCleared(other, { ...reads, fresh: reads.fresh.filter((url) => !url.includes(`clan-matches/${clans.a}`)) });
    }
  });

  it('sends a description too long for a NOTIFY payload as a change of everything', async () => {
    const reads = expectations();
    await warm(context.app, reads.kept);
    await warm(other, reads.kept);
    const players = Array.from({ length: 1000 }, (_, index) => String(900_000_000 + index));
    const listener = new pg.Client({ connectionString: context.db.url });
    await listener.connect();
    await listener.query('LISTEN league_data_changed');
    const heard = new Promise<string>((resolve) => listener.on('notification', (message) => resolve(message.payload ?? '')));
    await context.app.leagueDataChanges.announce({ leagues: [], clans: [], players, matches: [] });
    expect(JSON.parse(await heard).change).toEqual({ everything: true });
    await listener.end();
    // The writing app heard the whole description: nothing it keeps shows those players.
    for (const url of reads.kept) expect(await cacheOf(context.app, url), url).toBe('hit');
    await expect.poll(() => cacheOf(other, reads.kept[0]!), { timeout: 5000 }).not.toBe('hit');
    // Match list first pages, headers and panels are kept in PostgreSQL too, where only a write deletes them: from
    // there, uncomputed.
    for (const url of reads.kept.slice(1)) expect(await cacheOf(other, url), url).toBe(isKeptInPostgres(url) ? 'kept' : 'miss');
  });
});
