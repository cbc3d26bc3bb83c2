import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { busiestLeague, clanRosters, matchBetween } from '../helpers/clan-rosters.js';
import type { LeagueTestContext } from '../helpers/league-app.js';
import { askAnswer, keptAnswerChecks, twoServersOnBusiestLeague } from '../helpers/kept-answers.js';

/**
 * Clan headers, player summaries, members lists and maps panels kept in PostgreSQL under their owner's key
 * (docs/caching.md, "Match list first pages kept in PostgreSQL"): read without computing once kept, byte for byte
 * the answer the route computes in every server; a match of two clans computes their answers and their players'
 * again, while every other header or summary stays kept, shown with the place or rank the match moved (checked on
 * read against the server's standings and ranking order; `x-cache: reshown`) and byte for byte the answer computed
 * afresh. Both servers run without the public-read cache.
 */
describe('kept clan headers, player summaries, members and maps panels', () => {
  let context: LeagueTestContext;
  let other: App;
  let league: string;
  let clans: string[];
  let members: Map<string, { playerId: string; nickname: string }[]>;
  let matchCount = 0;

  beforeAll(async () => {
    const servers = await twoServersOnBusiestLeague({ clanCount: 2, minMembers: 6 });
    ({ context, other, league, members } = servers);
    clans = busiestLeague(await clanRosters(context.pool)).clans.map((roster) => roster.clan);
  });
  afterAll(async () => {
    await other?.close();
    await context?.close();
  });

  const header = (slug: string) => `/api/league/${league}/clan-detail/${slug}`;
  const summary = (playerId: string) => `/api/league/player/${playerId}/summary`;
  const firstMemberOf = (slug: string) => members.get(slug)![0]!.playerId;
  /** A clan's answers besides its header: its members list as the page asks for it, and its maps panel. */
  const clanPanels = (slug: string) => [
    `/api/league/${league}/clan-members/${slug}?sort=rating&limit=300`, `/api/league/${league}/clan-breakdown/${slug}`,
  ];
  /** A player's answers besides their summary: the maps and weapons panel. */
  const playerPanels = (playerId: string) => [`/api/league/player/${playerId}/breakdown?league=${league}`];
  const summaries = (playerId: string) => [summary(playerId), `${summary(playerId)}?league=${league}`];
  /**
   * Every clan header of the league, and the summary of each clan's first member (in its page's league and asked);
   * the panels of the two busiest clans, of a third and of their first members.
   */
  const urls = () => [
    ...clans.map(header),
    ...clans.filter((slug) => members.has(slug)).flatMap((slug) => summaries(firstMemberOf(slug))),
    ...clans.slice(0, 3).flatMap((slug) => [...clanPanels(slug), ...playerPanels(firstMemberOf(slug))]),
  ];
  /** An answer whose kept bytes a write of others may make stale (checked on read), rather than only its own. */
  const showsWhatOthersMove = (url: string) => url.includes('/clan-detail/') || url.includes('/summary');
  const checks = keptAnswerChecks(() => ({ writer: context.app, other, pool: context.pool }), 'kept_match_pages');

  /** A finished match of the two busiest clans, after every stored one. */
  function matchOfTwo(): MatchRecord {
    matchCount += 1;
    const [a, b] = [clans[0]!, clans[1]!];
    return matchBetween(context.records, {
      league, matchId: `kept-header-${matchCount}`, hoursAfterEnd: matchCount,
      blue: { clan: a, members: members.get(a)! }, red: { clan: b, members: members.get(b)! },
    });
  }

  /** Until `other` has heard of the last write (its standings, and the ranking order dropped with them, are current). */
  async function otherHasHeard(): Promise<void> {
    const standings = `/api/league/${league}/standings`;
    const now = (await askAnswer(context.app, standings)).body;
    await expect.poll(async () => (await askAnswer(other, standings)).body, { timeout: 5000 }).toBe(now);
  }

  it('answers each without computing once kept, byte for byte the computed answer, in every server', async () => {
    await checks.keepAll(context.app, urls());
    await checks.expectAnswers(urls(), () => 'kept');
  });

  it('keeps a header and a summary with the tags the public-read cache files them under: the clan or player, and its league', async () => {
    await checks.keepAll(context.app, urls());
    const slug = clans[0]!;
    const playerId = firstMemberOf(slug);
    const leagueOf = async (url: string) => (JSON.parse((await askAnswer(other, url)).body) as { data: { league?: { slug: string }; leagueName?: string } }).data;
    const kept = await context.pool.query<{ owner: string; variant: string; read_tags: string[] }>(
      `SELECT k.owner, k.variant, k.read_tags FROM kept_match_pages k
       WHERE k.owner IN ((SELECT 'clan:' || id FROM clans WHERE slug = $1), (SELECT 'player:' || id FROM players WHERE enlistment_no = $2))
         AND (k.variant LIKE 'detail:%' OR k.variant = 'summary:league=')`,
      [slug, playerId],
    );
    const tagsOf = (prefix: string) => kept.rows.find((row) => row.owner.startsWith(prefix))?.read_tags;
    expect(tagsOf('clan:')).toEqual([`clan:${slug}`, `league:${(await leagueOf(header(slug))).league!.slug}`]);
    expect(tagsOf('player:')).toEqual([`player:${playerId}`, `league:${(await leagueOf(summary(playerId))).leagueName}`]);
  });

  it('after a match: its clans\' and players\' answers computed again, others\' headers and summaries kept, with their place or rank as it is now', async () => {
    const written = new Set<string>();
    for (const slug of [clans[0]!, clans[1]!]) {
      for (const url of [header(slug), ...clanPanels(slug)]) written.add(url);
      for (const { playerId } of members.get(slug)!.slice(0, 5)) {
        for (const url of [...summaries(playerId), ...playerPanels(playerId)]) written.add(url);
      }
    }
    const moved = new Set<string>();
    const stayed = new Set<string>();
    // A match moves the two clans' places; another clan's place moves when one of them passes it (the league's
    // ratings are generated, so which clans move is the same every run; more matches until one does).
    while (moved.size === 0 && matchCount < 5) {
      await checks.keepAll(context.app, urls());
      const before = new Map<string, string>();
      for (const url of urls()) before.set(url, (await askAnswer(context.app, url)).body);
      await context.ingest([matchOfTwo()]);
      await otherHasHeard();
      const answers = new Map<string, string>();
      for (const url of urls()) {
        const first = await askAnswer(other, url);
        if (written.has(url)) expect(first.source, url).toBe('computed');
        else if (!showsWhatOthersMove(url)) expect(first.source, url).toBe('kept');
        // A kept answer is the bytes kept before; one whose place or rank moved is the kept one shown with it now.
        else if (first.source === 'kept') expect(first.body, url).toBe(before.get(url));
        else {
          expect(first.source, url).toBe('reshown');
          expect(first.body, url).not.toBe(before.get(url));
        }
        if (!written.has(url) && showsWhatOthersMove(url)) (first.source === 'kept' ? stayed : moved).add(url);
        answers.set(url, first.body);
      }
      for (const [url, body] of answers) expect(body, url).toBe(await checks.computed(url));
    }
    expect([...moved].some((url) => url.includes('/clan-detail/')), 'a clan header moved by another clan\'s match').toBe(true);
    expect([...stayed].some((url) => url.includes('/clan-detail/')), 'a clan header left kept').toBe(true);
  });

  it('shows a kept header without the \'updating\' badge once the badge has timed out, as the header computed then', async () => {
    const slug = clans[2]!;
    // Time enough for the header to be kept while the badge shows, on a loaded machine too.
    const badgeLeft = 4000;
    // Ingest of the clan running, its last write ten minutes but four seconds ago: the badge shows for four seconds.
    await context.pool.query(
      `INSERT INTO ingest_states (clan_id, running, updated_at)
       SELECT id, true, now() - interval '10 minutes' + make_interval(secs => $2) FROM clans WHERE slug = $1
       ON CONFLICT (clan_id) DO UPDATE SET running = EXCLUDED.running, updated_at = EXCLUDED.updated_at`,
      [slug, badgeLeft / 1000],
    );
    await context.pool.query('DELETE FROM kept_match_pages');
    await checks.keepAll(other, [header(slug)]);
    const updating = (body: string) => (JSON.parse(body) as { data: { ingest: { updating: boolean } } }).data.ingest.updating;
    const kept = await askAnswer(other, header(slug));
    expect(updating(kept.body)).toBe(true);

    await expect.poll(async () => (await askAnswer(other, header(slug))).source, { timeout: badgeLeft + 3000 }).toBe('reshown');
    const reshown = await askAnswer(other, header(slug));
    expect(updating(reshown.body)).toBe(false);
    expect(reshown.body).toBe(await checks.computed(header(slug)));
  });
});
