import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { firstLoadOf } from '../../rules/first-reads.js';
import { DEFAULT_LEAGUE } from '../../rules/leagues.js';
import { handClock, type HandClock } from '../helpers/hand-clock.js';
import { busiestLeague, clanRosters, matchBetween, type ClanRoster } from '../helpers/clan-rosters.js';
import { createLeagueTestApp, SMALL_LEAGUE, type LeagueTestContext } from '../helpers/league-app.js';
import { testConfig } from '../helpers/test-app.js';

/** The interval of these tests, in seconds; each server's clock is moved by hand. */
const INTERVAL_SECONDS = 10;
const INTERVAL_MS = INTERVAL_SECONDS * 1000;

/** Holds background refreshes before their swap while closed; `open()` lets the waiting ones through. */
function refreshGate() {
  let opened: Promise<void> = Promise.resolve();
  let open = () => {};
  return {
    close(): void {
      opened = new Promise((resolve) => {
        open = resolve;
      });
    },
    open: () => open(),
    wait: () => opened,
  };
}

/**
 * A league's tables refresh at most once an interval while its matches stream in (docs/decisions.md, "League tables
 * refresh at most every few seconds while matches stream in"), each refresh built in the background and swapped in
 * ("League tables are rebuilt in the background and swapped in"): a match's own clans, players and match show at
 * once, the league's standings and the places on its clan pages at the latest an interval after the previous
 * refresh, in the app that wrote it and in another server on the same database; while a refresh is built the
 * previous tables are answered from memory, and a clan's page shows the place the league's table shows, before the
 * swap and after it.
 */
describe('league refresh pacing', () => {
  let context: LeagueTestContext;
  let other: App;
  const clocks: { writer: HandClock; other: HandClock } = { writer: handClock(), other: handClock() };
  const gate = refreshGate();
  let league: string;
  let clans: { a: string; b: string; d: string };
  let members: Map<string, Array<{ playerId: string; nickname: string }>>;
  let matchCount = 0;

  beforeAll(async () => {
    const pacing = { LEAGUE_TABLES_REFRESH_SECONDS: String(INTERVAL_SECONDS) };
    context = await createLeagueTestApp(SMALL_LEAGUE, pacing, { leagueRefreshClock: clocks.writer, leagueRefreshHold: gate.wait });
    other = await buildApp({
      config: testConfig(pacing), prisma: context.db.prisma, databaseUrl: context.db.url, logger: false, leagueRefreshClock: clocks.other,
    });
    await other.ready();
    const rosters = (await clanRosters(context.pool)).filter((roster) => roster.players.length >= 5);
    members = new Map(rosters.map((roster) => [roster.clan, roster.players]));
    const busiest = busiestLeague(rosters);
    expect(busiest.clans.length).toBeGreaterThanOrEqual(3);
    league = busiest.league;
    clans = { a: busiest.clans[0]!.clan, b: busiest.clans[1]!.clan, d: busiest.clans[2]!.clan };
  });
  afterAll(async () => {
    await other?.close();
    await context?.close();
  });

  /** A finished match of A against B after every stored one, played by their first five members as they are named now. */
  function nextMatch(): MatchRecord {
    matchCount += 1;
    return matchBetween(context.records, {
      league, matchId: `pacing-${matchCount}`, hoursAfterEnd: matchCount,
      blue: { clan: clans.a, members: members.get(clans.a)! }, red: { clan: clans.b, members: members.get(clans.b)! },
    });
  }


  const detail = (slug: string) => `/api/league/${league}/clan-detail/${slug}`;
  const ownReads = () => [detail(clans.a), detail(clans.b), `/api/league/${league}/clan-matches/${clans.a}`, `/api/league/player/${members.get(clans.a)![0]!.playerId}/summary`];
  /** The league's tables: computed again by the refresh in the background and swapped in. */
  const leagueTables = () => [`/api/league/${league}/standings`, `/api/league-summary/${league}`, `/api/league/${league}/clans`];
  /**
   * A page of the league that shows its order, read again since it was kept: made again aside from the new order and
   * swapped in with the tables.
   */
  const leagueHeaders = () => [detail(clans.d)];
  /** A header of the league read once: cleared at the swap, computed (or reshown) by its next reader from the new order. */
  const headerReadOnce = () => `/api/league/player/${members.get(clans.d)![0]!.playerId}/summary`;
  const leagueReads = () => [...leagueTables(), ...leagueHeaders()];
  /** A list of a clan the next match names, read once: its next reader computes it. */
  const listReadOnce = () => `/api/league/${league}/clan-matches/${clans.b}`;

  /** How many matches a clan's match list counts, as the app answers now. */
  async function listedMatches(app: App, slug: string): Promise<number> {
    return ((await read(app, `/api/league/${league}/clan-matches/${slug}`)).body as unknown as { total: number }).total;
  }

  async function read(app: App, url: string): Promise<{ cache: string; body: { data?: { rank: number | null; clan: { slug: string } } } & unknown }> {
    const response = await app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return { cache: String(response.headers['x-cache']), body: response.json() };
  }

  /** Reads each twice: the second is answered from memory (kept by the first, or computed ahead of it). */
  async function warm(app: App, urls: string[]): Promise<void> {
    for (const url of urls) {
      await read(app, url);
      expect(['hit', 'ahead'], url).toContain((await read(app, url)).cache);
    }
  }

  /** Once the answers read again that the last change cleared are computed again (server/plugins/read-again-ahead.ts). */
  const computedAgain = (app: App) => app.readAgainAhead!.settled();

  /**
   * Each read answered from memory ('hit'), computed ahead of it after a change ('ahead'), computed ('miss'), or not
   * from memory ('cleared': computed, or a clan header kept in PostgreSQL whose place the new order did not move).
   */
  async function expectCache(app: App, urls: string[], cache: 'hit' | 'ahead' | 'miss' | 'cleared'): Promise<void> {
    for (const url of urls) {
      const { cache: answered } = await read(app, url);
      if (cache === 'cleared') expect(answered, url).not.toBe('hit');
      else expect(answered, url).toBe(cache);
    }
  }

  /** A's matches in the league's standings table, as the app answers now. */
  async function matchesOfAInTable(app: App): Promise<number> {
    const table = (await read(app, `/api/league/${league}/standings`)).body as unknown as Array<{ clanSlug: string; totalMatches: number }>;
    return table.find((row) => row.clanSlug === clans.a)!.totalMatches;
  }

  /** Each clan's place on its page and in the league's table, as the app answers now. */
  async function places(app: App): Promise<{ onPage: Record<string, number | null>; inTable: Record<string, number | null> }> {
    const table = (await read(app, `/api/league/${league}/standings`)).body as unknown as Array<{ clanSlug: string; rank: number }>;
    const onPage: Record<string, number | null> = {};
    const inTable: Record<string, number | null> = {};
    for (const slug of Object.values(clans)) {
      onPage[slug] = (await read(app, detail(slug))).body.data!.rank;
      inTable[slug] = table.find((row) => row.clanSlug === slug)?.rank ?? null;
    }
    return { onPage, inTable };
  }

  it('refreshes a quiet league at once, then at most once an interval, built aside while the previous tables are served', async () => {
    const clock = clocks.writer;
    const { app } = context;
    // The league's load was its last refresh: an interval later, the first match refreshes it at once.
    clock.advance(INTERVAL_MS);
    await warm(app, [...ownReads(), ...leagueReads()]);
    await read(app, headerReadOnce());
    await read(app, listReadOnce());
    const listedOfA = await listedMatches(app, clans.a);
    const before = await places(app);
    const matchesBefore = await matchesOfAInTable(app);
    gate.close();
    await context.ingest([nextMatch()]);
    // Its own clans, players and match at once, their pages read again computed again ahead of their readers (A's
    // list with the match), a page read once left to its reader; the league's refresh is built aside meanwhile: the
    // previous tables and headers are answered from memory, and A's page computed again shows the place the held
    // table shows.
    await computedAgain(app);
    await expectCache(app, ownReads(), 'ahead');
    expect(await listedMatches(app, clans.a)).toBe(listedOfA + 1);
    await expectCache(app, [listReadOnce()], 'miss');
    await expectCache(app, leagueReads(), 'hit');
    expect(await matchesOfAInTable(app)).toBe(matchesBefore);
    const whileBuilt = await places(app);
    expect(whileBuilt.onPage).toEqual(whileBuilt.inTable);
    expect(whileBuilt.inTable).toEqual(before.inTable);
    gate.open();
    await app.leagueDataChanges.refreshesSettled();
    // Swapped in: the tables and the headers read again answered from memory with the new order (the places below
    // are the table's); a header read once is not made aside.
    await expectCache(app, leagueTables(), 'hit');
    await expectCache(app, leagueHeaders(), 'hit');
    await expectCache(app, [headerReadOnce()], 'cleared');
    expect(await matchesOfAInTable(app)).toBe(matchesBefore + 1);
    const swapped = await places(app);
    expect(swapped.onPage).toEqual(swapped.inTable);

    // A second match within the interval: its clans and players at once, the league's tables held.
    await warm(app, [...ownReads(), ...leagueReads()]);
    await context.ingest([nextMatch()]);
    await app.leagueDataChanges.refreshesSettled();
    await computedAgain(app);
    await expectCache(app, ownReads(), 'ahead');
    await expectCache(app, leagueReads(), 'hit');
    expect(await matchesOfAInTable(app)).toBe(matchesBefore + 1);
    // A's and B's pages were computed again, with the places the held table shows (the standings order kept with it).
    const within = await places(app);
    expect(within.onPage).toEqual(within.inTable);
    expect(within.inTable).toEqual(swapped.inTable);

    clock.advance(INTERVAL_MS - 1);
    await app.leagueDataChanges.refreshesSettled();
    await expectCache(app, leagueReads(), 'hit');
    clock.advance(1);
    await app.leagueDataChanges.refreshesSettled();
    await expectCache(app, leagueTables(), 'hit');
    await expectCache(app, leagueHeaders(), 'hit');
    expect(await matchesOfAInTable(app)).toBe(matchesBefore + 2);
    const after = await places(app);
    expect(after.onPage).toEqual(after.inTable);
  });

  it('paces the changes another server hears by NOTIFY by its own clock the same way', async () => {
    const clock = clocks.other;
    // This server heard the first test's matches too: the second one's trailing refresh, an interval on, is its last.
    clock.advance(INTERVAL_MS);
    clock.advance(INTERVAL_MS);
    await other.leagueDataChanges.refreshesSettled();
    await warm(other, [...ownReads(), ...leagueReads()]);
    const matchesOfA = async () => (await other.inject({ url: `/api/league/${league}/clan-matches/${clans.a}` })).json<{ total: number }>().total;
    let total = await matchesOfA();
    const matchesBefore = await matchesOfAInTable(other);
    await context.ingest([nextMatch()]);
    // The NOTIFY arrives a moment later; until then `other` answers from memory. Then its refresh is built aside.
    await expect.poll(matchesOfA, { timeout: 5000 }).toBe(total + 1);
    await other.leagueDataChanges.refreshesSettled();
    await expectCache(other, leagueTables(), 'hit');
    await expectCache(other, leagueHeaders(), 'hit');
    expect(await matchesOfAInTable(other)).toBe(matchesBefore + 1);

    await warm(other, [...ownReads(), ...leagueReads()]);
    total = await matchesOfA();
    await context.ingest([nextMatch()]);
    await expect.poll(matchesOfA, { timeout: 5000 }).toBe(total + 1);
    await other.leagueDataChanges.refreshesSettled();
    await computedAgain(other);
    await expectCache(other, ownReads().filter((url) => !url.includes('clan-matches')), 'ahead');
    await expectCache(other, leagueReads(), 'hit');
    expect(await matchesOfAInTable(other)).toBe(matchesBefore + 1);
    const within = await places(other);
    expect(within.onPage).toEqual(within.inTable);
    clock.advance(INTERVAL_MS);
    await other.leagueDataChanges.refreshesSettled();
    await expectCache(other, leagueHeaders(), 'hit');
    expect(await matchesOfAInTable(other)).toBe(matchesBefore + 2);
    const after = await places(other);
    expect(after.onPage).toEqual(after.inTable);
  });

  it('makes a table read lately again at every refresh, whether or not it was read between two refreshes', async () => {
    const clock = clocks.writer;
    const { app } = context;
    clock.advance(INTERVAL_MS);
    await app.leagueDataChanges.refreshesSettled();
    await warm(app, leagueTables());
    const matchesBefore = await matchesOfAInTable(app);
    for (let refresh = 0; refresh < 2; refresh += 1) {
      await context.ingest([nextMatch()]);
      await app.leagueDataChanges.refreshesSettled();
      clock.advance(INTERVAL_MS);
      await app.leagueDataChanges.refreshesSettled();
    }
    await expectCache(app, leagueTables(), 'hit');
    expect(await matchesOfAInTable(app)).toBe(matchesBefore + 2);
  });

  it('makes the first reads of the pages of a live write\'s clans ready ahead of their readers, read before or not; not a batch\'s', async () => {
    const { app } = context;
    // The beginner league's clan pages read the league-name variant, which firstLoadOf names (a division's read
    // the proxy variant: nothing of theirs is made ahead).
    const beginners = (await clanRosters(context.pool)).filter((roster) => roster.league === DEFAULT_LEAGUE && roster.players.length >= 5);
    expect(beginners.length).toBeGreaterThanOrEqual(4);
    const [w, x, y, z] = beginners as [ClanRoster, ClanRoster, ClanRoster, ClanRoster];
    const matchOf = (blue: ClanRoster, red: ClanRoster): MatchRecord => {
      matchCount += 1;
      return matchBetween(context.records, {
        league: DEFAULT_LEAGUE, matchId: `pacing-${matchCount}`, hoursAfterEnd: matchCount,
        blue: { clan: blue.clan, members: blue.players }, red: { clan: red.clan, members: red.players },
      });
    };
    /** What a clan's page asks for first (the rule its preloads and queries share), both match page sizes. */
    const clanPage = (slug: string) => firstLoadOf(['league', DEFAULT_LEAGUE, 'clan', slug], new URLSearchParams())!.reads.map((read) => read.url);
    // Three matches written at once (a batch): W's page, never read, is left to its first reader.
    await context.ingest([matchOf(w, x), matchOf(y, z), matchOf(x, y)]);
    await app.leagueDataChanges.refreshesSettled();
    await computedAgain(app);
    await expectCache(app, clanPage(w.clan), 'miss');
    // Two matches at once, as a live interval writes one finished and one started: four clans, three of whose pages
    // nobody read.
    await context.ingest([matchOf(x, y), matchOf(z, w)]);
    await app.leagueDataChanges.refreshesSettled();
    await computedAgain(app);
    await expectCache(app, [w, x, y, z].flatMap((clan) => clanPage(clan.clan)), 'ahead');
  });
});
