import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { EVERYTHING, rebuildAllRatings } from '../../server/modules/ingest/ingest-api.js';
import {
  dropKeptPages, EVERY_KEPT_PAGE, keepPage, keptPageOwner, ownerParam, preparePage, readKeptPage, type SeenVersions,
} from '../../server/modules/stats-core/kept-match-pages.js';
import { matchBetween } from '../helpers/clan-rosters.js';
import { TEST_LEAGUE_END_AT, type LeagueTestContext } from '../helpers/league-app.js';
import { askAnswer, keptAnswerChecks, twoServersOnBusiestLeague, type AnswerSource } from '../helpers/kept-answers.js';

/**
 * Match list first pages kept in PostgreSQL, and the rating histories kept with them (docs/caching.md, "Match list
 * first pages kept in PostgreSQL"): read without computing once kept, byte for byte the answer the route computes,
 * after live matches, a late match, a rename and a rebuild, in the writing server and in another on the same
 * database; other pages computed as before. Both servers run without the public-read cache, so every answer is
 * either kept or computed.
 */
describe('kept match list first pages', () => {
  let context: LeagueTestContext;
  let other: App;
  let league: string;
  let clans: { a: string; b: string; c: string };
  let members: Map<string, { playerId: string; nickname: string }[]>;
  let matchCount = 0;

  beforeAll(async () => {
    const servers = await twoServersOnBusiestLeague({ clanCount: 3, minMembers: 6 });
    ({ context, other, league, members } = servers);
    clans = { a: servers.clans[0]!, b: servers.clans[1]!, c: servers.clans[2]! };
  });
  afterAll(async () => {
    await other?.close();
    await context?.close();
  });

  /**
   * A finished match of A against B, after every stored one or (`late`) a day before the newest. A's first member
   * sits it out: their page shows A's rating, which the match moves without touching them.
   */
  function matchOfAandB(late = false): MatchRecord {
    matchCount += 1;
    return matchBetween(context.records, {
      league, matchId: `kept-${matchCount}`, hoursAfterEnd: late ? -24 - matchCount : matchCount,
      blue: { clan: clans.a, members: members.get(clans.a)!.slice(1) }, red: { clan: clans.b, members: members.get(clans.b)! },
    });
  }


  const clanPage = (slug: string) => `/api/league/${league}/clan-matches/${slug}?skip=0&limit=20&onlySAL=1&preferSlug=${slug}`;
  const playerPage = (playerId: string) => `/api/league/player/${playerId}/recent?skip=0&limit=20&onlySAL=1`;
  const firstMemberOf = (slug: string) => members.get(slug)![0]!.playerId;
  const clanHistory = (slug: string) => `/api/league/${league}/clan-rating-history/${slug}`;
  const playerHistory = (playerId: string) => `/api/league/player/${playerId}/rating-history?league=${league}`;
  /**
   * Every first page the tests follow: A's, B's and C's, all divisions too, and a page of a player of each; and the
   * rating histories kept with them: A's and C's, and those of A's first two members.
   */
  const pages = () => [
    clanPage(clans.a), clanPage(clans.b), clanPage(clans.c), `/api/league/${league}/clan-matches/${clans.a}`,
    playerPage(firstMemberOf(clans.a)), playerPage(members.get(clans.a)![1]!.playerId), playerPage(firstMemberOf(clans.b)),
    playerPage(firstMemberOf(clans.c)), `/api/league/player/${firstMemberOf(clans.a)}/recent`,
    clanHistory(clans.a), clanHistory(clans.c), playerHistory(firstMemberOf(clans.a)),
    `/api/league/player/${members.get(clans.a)![1]!.playerId}/rating-history`,
  ];

  const ask = askAnswer;
  const checks = keptAnswerChecks(() => ({ writer: context.app, other, pool: context.pool }), 'kept_match_pages');
  const { computed } = checks;
  const keepAll = (app: App) => checks.keepAll(app, pages());
  const expectAnswers = (expected: (url: string) => AnswerSource) => checks.expectAnswers(pages(), expected);

  it('answers a first page without computing once kept, byte for byte the computed answer, in every server', async () => {
    await keepAll(context.app);
    const answers = new Map<string, string>();
    for (const url of pages()) answers.set(url, (await ask(other, url)).body);
    for (const url of pages()) expect((await ask(other, url)).source, url).toBe('kept');
    for (const [url, body] of answers) expect(body, url).toBe(await computed(url));
  });

  it('sends the kept brotli bytes to a browser, with an ETag a repeat gets a 304 for', async () => {
    const url = clanPage(clans.a);
    await ask(context.app, url);
    const plain = await ask(context.app, url);
    const response = await context.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([response.headers['content-encoding'], response.headers['x-cache']]).toEqual(['br', 'kept']);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain.body);
    const repeat = await context.app.inject({ url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(repeat.statusCode).toBe(304);
  });

  it('keeps a player\'s first page with the tags the public-read cache files it under: the player and the clans its rows show', async () => {
    const playerId = firstMemberOf(clans.a);
    await keepAll(context.app);
    const rows = (JSON.parse((await ask(other, playerPage(playerId))).body) as { data: { league_clan: { clan: { slug: string } } }[] }).data;
    const kept = await context.pool.query<{ variant: string; read_tags: string[] }>(
      `SELECT k.variant, k.read_tags FROM kept_match_pages k JOIN players p ON k.owner = 'player:' || p.id
       WHERE p.enlistment_no = $1 AND k.variant = $2`, [playerId, `league=:20`],
    );
    expect(kept.rows[0]?.read_tags).toEqual([`player:${playerId}`, ...new Set(rows.map((row) => `clan:${row.league_clan.clan.slug}`))]);
    // A clan's page is filed by its request alone: nothing to keep with it.
    const clanKept = await context.pool.query<{ read_tags: string[] }>(
      `SELECT k.read_tags FROM kept_match_pages k JOIN clans c ON k.owner = 'clan:' || c.id WHERE c.slug = $1 AND k.variant LIKE '%:20'`, [clans.a],
    );
    expect(clanKept.rows.map((row) => row.read_tags)).toContainEqual([]);
  });

  it('computes other pages, filtered lists, anchored pages and page sizes the pages do not ask for as before', async () => {
    const slug = clans.a;
    const first = await ask(context.app, clanPage(slug));
    const anchor = JSON.parse(first.body).anchor as string;
    for (const url of [
      `/api/league/${league}/clan-matches/${slug}?skip=20&limit=20&onlySAL=1`, `${clanPage(slug)}&result=win`,
      `${clanPage(slug)}&anchor=${anchor}`, `${playerPage(firstMemberOf(slug))}&result=lose`,
      clanPage(slug).replace('limit=20', 'limit=15'), playerPage(firstMemberOf(slug)).replace('limit=20', 'limit=7'),
      `${clanHistory(slug)}?limit=30`, `${playerHistory(firstMemberOf(slug))}&limit=30`,
    ]) {
      await ask(context.app, url);
      expect((await ask(context.app, url)).source, url).toBe('computed');
    }
  });

  it('after a live match: the pages of its clans and players computed again, a page showing a clan rating it moved too, others kept', async () => {
    await keepAll(context.app);
    await context.ingest([matchOfAandB()]);
    const touched = new Set([
      clanPage(clans.a), clanPage(clans.b), `/api/league/${league}/clan-matches/${clans.a}`, playerPage(members.get(clans.a)![1]!.playerId),
      playerPage(firstMemberOf(clans.b)),
      // A's first member sat the match out; their page shows A's rating now, which the match moved.
      playerPage(firstMemberOf(clans.a)), `/api/league/player/${firstMemberOf(clans.a)}/recent`,
      // The histories of A and of its second member, who played (the first member's history did not move).
      clanHistory(clans.a), `/api/league/player/${members.get(clans.a)![1]!.playerId}/rating-history`,
    ]);
    await expectAnswers((url) => (touched.has(url) ? 'computed' : 'kept'));
  });

  it('after a late match (a replay), a rename and a rebuild: every page computed again, then kept as computed', async () => {
    const changes = [
      async () => {
        const summary = await context.ingest([matchOfAandB(true)]);
        expect(summary.replayedLeagues).toEqual([league]);
      },
      async () => {
        const { rows } = await context.pool.query<{ name: string; mark_bg: string | null; mark_front: string | null }>(
          'SELECT name, mark_bg, mark_front FROM clans WHERE slug = $1', [clans.b]);
        const clan = rows[0]!;
        await context.ingest([{
          type: 'clan', slug: clans.b, name: `${clan.name}2`, league: league as MatchRecord['league'],
          ...(clan.mark_bg ? { markBg: clan.mark_bg } : {}), ...(clan.mark_front ? { markFront: clan.mark_front } : {}),
          at: new Date(TEST_LEAGUE_END_AT.getTime() + 1000 * 3_600_000).toISOString(),
        }]);
      },
      async () => {
        await rebuildAllRatings(context.pool, undefined, context.app.leagueDataChanges.announce);
      },
    ];
    for (const change of changes) {
      await keepAll(context.app);
      await change();
      await expectAnswers(() => 'computed');
    }
  });

  /** A clan's kept-page owner key. */
  async function clanOwner(slug: string): Promise<string> {
    const { rows } = await context.pool.query<{ id: number }>('SELECT id FROM clans WHERE slug = $1', [slug]);
    return keptPageOwner.clan(rows[0]!.id);
  }

  const keepTest = async (owner: string, seen: SeenVersions) =>
    keepPage({ prisma: context.db.prisma, keeps: context.app.answerKeeps }, { owner, variant: 'test', seen }, await preparePage('{}'));
  const lookUp = (owner: string) => readKeptPage(context.db.prisma, ownerParam(owner), 'test');

  it('keeps no page computed before a write of its owner committed, and keeps one whose owner the write did not touch', async () => {
    const [ownerA, ownerC] = [await clanOwner(clans.a), await clanOwner(clans.c)];
    const [lookupA, lookupC] = [await lookUp(ownerA), await lookUp(ownerC)];
    expect(lookupA.page).toBeUndefined();
    await context.ingest([matchOfAandB()]);
    expect(await keepTest(ownerA, lookupA.seen)).toBe(false);
    expect(await keepTest(ownerC, lookupC.seen)).toBe(true);
    expect(await keepTest(ownerA, (await lookUp(ownerA)).seen)).toBe(true);
    expect((await lookUp(ownerA)).page).toBeDefined();
    await context.pool.query("DELETE FROM kept_match_pages WHERE variant = 'test'");
    const url = clanPage(clans.a);
    expect((await ask(context.app, url)).body).toBe(await computed(url));
  });

  it('sends a computed page without waiting for its keep, which lands once the write in its way is gone', async () => {
    const url = clanHistory(clans.c);
    await context.pool.query('DELETE FROM kept_match_pages');
    // A write in progress holds the epoch every keep locks FOR SHARE: the keep waits for it, the reader must not.
    const writer = await context.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('SELECT epoch FROM kept_match_pages_epoch WHERE id = 1 FOR UPDATE');
      const response = await context.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-cache']).toBeUndefined();
      const { rows } = await context.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM kept_match_pages');
      expect(rows[0]!.count).toBe(0);
      await writer.query('ROLLBACK');
    } finally {
      writer.release();
    }
    await context.app.answerKeeps.settled();
    const again = await ask(context.app, url);
    expect(again.source).toBe('kept');
    expect(again.body).toBe(await computed(url));
  });

  it('a keep meeting a write in progress: refused once it commits when the write touches its owner, kept at once when not', async () => {
    const rounds: [string, string][] = [['clan:-1', 'clan:-2'], [await clanOwner(clans.a), await clanOwner(clans.c)]];
    for (const [owner, other] of rounds) {
      // The first round's owners have no version row yet (the write inserts it), the second's have one.
      const [lookupOwner, lookupOther] = [await lookUp(owner), await lookUp(other)];
      const client = await context.pool.connect();
      try {
        await client.query('BEGIN');
        await dropKeptPages((sql, params) => client.query(sql, params), {
          everything: false, clanIds: [Number(owner.split(':')[1])], playerIds: [],
        });
        expect(await keepTest(other, lookupOther.seen), other).toBe(true);
        const keeping = keepTest(owner, lookupOwner.seen);
        await client.query('COMMIT');
        expect(await keeping, owner).toBe(false);
      } finally {
        client.release();
      }
      await context.pool.query("DELETE FROM kept_match_pages WHERE variant = 'test'");
    }
  });

  it('keeps no page showing a clan as a server\'s directory had it before a rename the server has not heard of', async () => {
    const url = clanPage(clans.b);
    const shownName = (body: string) => (JSON.parse(body) as { data: { league_clan: { clan: { name: string } } }[] }).data[0]!.league_clan.clan.name;
    // The other server reads its clan directory now, and hears of nothing after: the rename below is not announced.
    const oldName = shownName((await ask(other, url)).body);
    const client = await context.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("UPDATE clans SET name = name || '*', updated_at = now() WHERE slug = $1", [clans.b]);
      await dropKeptPages((sql, params) => client.query(sql, params), EVERY_KEPT_PAGE);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    // Served once as its directory has it, never kept: asked again, it is computed again.
    for (const round of [1, 2]) {
      const stale = await ask(other, url);
      expect([stale.source, shownName(stale.body)], `round ${round}`).toEqual(['computed', oldName]);
    }
    // The writer hears the announcement at once: its directory is read again, and the page kept as it shows now.
    await context.app.leagueDataChanges.announce(EVERYTHING);
    await ask(context.app, url);
    const heard = await ask(context.app, url);
    expect([heard.source, shownName(heard.body)]).toEqual(['kept', `${oldName}*`]);
  });
});
