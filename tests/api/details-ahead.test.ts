import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { apiPaths } from '@shared/rules/first-reads.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { EVERYTHING } from '../../server/modules/ingest/ingest-api.js';
import { keepDetails, readKeptDetails } from '../../server/modules/stats-core/kept-match-details.js';
import { preparePage } from '../../server/modules/stats-core/kept-match-pages.js';
import { busiestLeague, clanRosters } from '../helpers/clan-rosters.js';
import { writeMatchAgain } from '../helpers/kept-answers.js';
import { createLeagueTestApp, type LeagueTestContext } from '../helpers/league-app.js';
import { testConfig } from '../helpers/test-app.js';

/** A detail as a page's prefetch gets it (brotli, as browsers take it): where it came from, its JSON and its digest. */
interface Fetched {
  source: string;
  body: string;
  digest: string;
}

/**
 * Match details computed ahead of their readers (docs/caching.md, "Match details ahead of their readers"): a clan's
 * or a player's match list page makes its finished matches' details ready as the page then asks for them, so the
 * page's prefetches are answered without computing, byte for byte the detail route's answer, and kept in PostgreSQL
 * for every other server. `plain` is a second server on the same database without the public-read cache: it reads
 * the kept details or computes them.
 */
describe('match details ahead of their readers', () => {
  let context: LeagueTestContext;
  let plain: App;
  let league: string;
  /** The busiest clan of the busiest league, with more matches than a phone's first page holds. */
  let clan: string;
  let member: string;

  beforeAll(async () => {
    context = await createLeagueTestApp();
    plain = await buildApp({ config: testConfig(), prisma: context.db.prisma, databaseUrl: context.db.url, logger: false, publicReadCache: false });
    await plain.ready();
    const busiest = busiestLeague(await clanRosters(context.pool));
    league = busiest.league;
    const { rows } = await context.pool.query<{ slug: string; matches: number }>(
      `SELECT c.slug, count(*)::int AS matches FROM clan_matches cm JOIN clans c ON c.id = cm.clan_id JOIN matches m ON m.id = cm.match_id
       WHERE c.slug = ANY($1::text[]) AND m.status = 'complete' GROUP BY c.slug ORDER BY 2 DESC, 1 LIMIT 1`,
      [busiest.clans.map((roster) => roster.clan)],
    );
    clan = rows[0]!.slug;
    expect(rows[0]!.matches).toBeGreaterThan(10);
    member = busiest.clans.find((roster) => roster.clan === clan)!.players[0]!.playerId;
  });
  // Each test starts from nothing ready: no answer in memory, no detail kept.
  beforeEach(async () => {
    await context.app.leagueDataChanges.announce(EVERYTHING);
    await context.pool.query('DELETE FROM kept_match_details');
  });
  afterAll(async () => {
    await plain?.close();
    await context?.close();
  });

  async function fetchDetail(app: App, url: string): Promise<Fetched> {
    const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
    // A detail computed for this read (not ahead) is kept right after it leaves.
    await app.answerKeeps.settled();
    expect(response.statusCode, url).toBe(200);
    const body = response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.rawPayload).toString('utf8') : response.body;
    // A server without the public-read cache says nothing of an answer it computed.
    return { source: String(response.headers['x-cache'] ?? 'computed'), body, digest: createHash('sha1').update(body).digest('hex') };
  }

  /** The finished matches a list page shows (the details its page prefetches). */
  async function listedMatchIds(url: string): Promise<string[]> {
    const response = await context.app.inject({ url });
    await context.app.answerKeeps.settled();
    expect(response.statusCode, url).toBe(200);
    const ids = (response.json() as { data: Array<{ matchId: string; recording: boolean }> }).data
      .filter((row) => !row.recording).map((row) => row.matchId);
    expect(ids.length, url).toBeGreaterThan(0);
    return ids;
  }

  /**
   * Each detail as the page asks for it: answered ahead, kept in PostgreSQL with the same bytes (the plain server
   * reads it kept), and byte for byte what the detail route computes with nothing kept.
   */
  async function expectAnsweredAhead(urls: readonly string[]): Promise<Fetched[]> {
    const ahead = await Promise.all(urls.map((url) => fetchDetail(context.app, url)));
    expect(ahead.map((detail) => detail.source)).toEqual(urls.map(() => 'ahead'));
    const asRead = async (source: string) => {
      const answers = [];
      for (const url of urls) answers.push(await fetchDetail(plain, url));
      expect(answers.map((answer) => [answer.source, answer.digest])).toEqual(ahead.map((detail) => [source, detail.digest]));
    };
    await asRead('kept');
    await context.pool.query('DELETE FROM kept_match_details');
    await asRead('computed');
    return ahead;
  }

  it("answers a clan page's prefetches from its first match page ahead, seen from the clan, as the route answers them", async () => {
    const ids = await listedMatchIds(`/api/league/${league}/clan-matches/${clan}?skip=0&limit=20&onlySAL=1&preferSlug=${clan}`);
    const details = await expectAnsweredAhead(ids.map((id) => apiPaths.matchDetail(id, clan)));
    expect(details.every((detail) => JSON.parse(detail.body).data.myTeam !== null)).toBe(true);
  });

  it('answers the prefetches of a first page read back kept, from the finished matches kept with it', async () => {
    const url = `/api/league/${league}/clan-matches/${clan}?skip=0&limit=10&onlySAL=1`;
    const ids = await listedMatchIds(url);
    const { rows } = await context.pool.query<{ finished_match_ids: string[] }>(
      "SELECT finished_match_ids FROM kept_match_pages WHERE owner = 'clan:' || (SELECT id FROM clans WHERE slug = $1) AND variant LIKE '%:10'",
      [clan],
    );
    expect(rows.map((row) => row.finished_match_ids)).toEqual([ids]);
    // The details made ready with the page computed are kept in the background: a read of one waits for them all.
    await fetchDetail(context.app, apiPaths.matchDetail(ids[0]!, clan));
    // Nothing in memory nor any detail kept: the page comes back from PostgreSQL, and its details are made ready again.
    await context.app.leagueDataChanges.announce(EVERYTHING);
    await context.pool.query('DELETE FROM kept_match_details');
    const again = await context.app.inject({ url });
    expect(again.headers['x-cache']).toBe('kept');
    await expectAnsweredAhead(ids.map((id) => apiPaths.matchDetail(id, clan)));
  });

  it('makes a later page\'s details ready too, as computed (not kept) pages are', async () => {
    const ids = await listedMatchIds(`/api/league/${league}/clan-matches/${clan}?skip=10&limit=10&onlySAL=1`);
    await expectAnsweredAhead(ids.map((id) => apiPaths.matchDetail(id, clan)));
  });

  it("answers a player page's prefetches ahead, seen from the player's current clan", async () => {
    const ids = await listedMatchIds(`/api/league/player/${member}/recent?skip=0&limit=20&onlySAL=1&league=${league}`);
    await expectAnsweredAhead(ids.map((id) => apiPaths.matchDetail(id, clan)));
  });

  it('computes afresh a detail whose match was written again after it was made ready', async () => {
    const [matchId] = await listedMatchIds(`/api/league/${league}/clan-matches/${clan}?skip=0&limit=10&onlySAL=1`);
    const url = apiPaths.matchDetail(matchId!, clan);
    const before = await fetchDetail(context.app, url);
    expect(before.source).toBe('ahead');
    const record = context.records.find((entry): entry is MatchRecord => 'matchId' in entry && entry.matchId === matchId)!;
    await context.ingest([{ ...record, players: record.players.map((row, index) => (index === 0 ? { ...row, kill: row.kill + 1 } : row)) }]);
    const after = await fetchDetail(context.app, url);
    expect(after.source).toBe('miss');
    expect(after.digest).not.toBe(before.digest);
    await context.pool.query('DELETE FROM kept_match_details');
    expect((await fetchDetail(plain, url)).digest).toBe(after.digest);
  });

  it('keeps, of details computed together, none whose match a write changed since their lookup', async () => {
    const [first, second] = await listedMatchIds(`/api/league/${league}/clan-matches/${clan}?skip=0&limit=10&onlySAL=1`);
    // The clan's list makes its details ready (seen from the clan) in the background and keeps them: a read of one
    // waits for all of them, so none is kept after the clearing below (the rows this test counts are its own).
    await fetchDetail(context.app, apiPaths.matchDetail(first!, clan));
    await context.pool.query('DELETE FROM kept_match_details');
    const lookups = await readKeptDetails(context.db.prisma, [first!, second!], null);
    expect(lookups.map((lookup) => [lookup.matchId, lookup.found.page])).toEqual([[first, undefined], [second, undefined]]);
    await writeMatchAgain(context.pool, first!);
    const page = await preparePage('{}');
    expect(await keepDetails(context.db.prisma, lookups.map(({ matchId, found }) => ({ matchId, seenFrom: null, seen: found.seen, page })))).toBe(1);
    const { rows } = await context.pool.query<{ external_id: string }>(
      'SELECT m.external_id FROM kept_match_details k JOIN matches m ON m.id = k.match_id');
    expect(rows.map((row) => row.external_id)).toEqual([second]);
  });
});
