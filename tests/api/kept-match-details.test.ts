import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import type { MatchRecord } from '../../server/contracts/ingest-record.js';
import { rebuildAllRatings } from '../../server/modules/ingest/ingest-api.js';
import { keepDetail, readKeptDetail } from '../../server/modules/stats-core/kept-match-details.js';
import { preparePage } from '../../server/modules/stats-core/kept-match-pages.js';
import { matchBetween } from '../helpers/clan-rosters.js';
import { TEST_LEAGUE_END_AT, type LeagueTestContext } from '../helpers/league-app.js';
import { askAnswer, keptAnswerChecks, twoServersOnBusiestLeague, writeMatchAgain, type AnswerSource } from '../helpers/kept-answers.js';

/** A followed detail: its address and what decides whether a change makes it stale. */
interface FollowedDetail {
  url: string;
  league: string;
  startedAt: Date;
  clans: [string, string];
}

/**
 * Finished match details kept in PostgreSQL (docs/caching.md, "Match details kept in PostgreSQL"): read without
 * computing once kept, byte for byte the answer the route computes, after a live match, a match written again, a
 * late match, a rename and a rebuild, in the writing server and in another on the same database. Both servers run
 * without the public-read cache, so every answer is either kept or computed.
 */
describe('kept match details', () => {
  let context: LeagueTestContext;
  let other: App;
  let league: string;
  let clans: { a: string; b: string };
  let members: Map<string, { playerId: string; nickname: string }[]>;
  let followed: FollowedDetail[];
  let matchCount = 0;

  const detailUrl = (matchId: string, preferSlug?: string) =>
    `/api/league/match-detail/${matchId}${preferSlug === undefined ? '' : `?preferSlug=${preferSlug}`}`;

  /**
   * The details the tests follow, each plain and seen from its blue clan: the busiest league's three newest and
   * three oldest finished matches (a late match a day before the league's end replays the newest, not the oldest),
   * and the newest of another league.
   */
  async function followedDetails(): Promise<FollowedDetail[]> {
    const { rows } = await context.pool.query<{ external_id: string; league: string; started_at: Date; blue: string; red: string }>(
      `(SELECT m.external_id, l.slug AS league, m.started_at, b.slug AS blue, r.slug AS red, 1 AS part
        FROM matches m JOIN leagues l ON l.id = m.league_id JOIN clans b ON b.id = m.blue_clan_id JOIN clans r ON r.id = m.red_clan_id
        WHERE l.slug = $1 AND m.status = 'complete' ORDER BY m.started_at DESC LIMIT 3)
       UNION ALL
       (SELECT m.external_id, l.slug, m.started_at, b.slug, r.slug, 2
        FROM matches m JOIN leagues l ON l.id = m.league_id JOIN clans b ON b.id = m.blue_clan_id JOIN clans r ON r.id = m.red_clan_id
        WHERE l.slug = $1 AND m.status = 'complete' ORDER BY m.started_at LIMIT 3)
       UNION ALL
       (SELECT m.external_id, l.slug, m.started_at, b.slug, r.slug, 3
        FROM matches m JOIN leagues l ON l.id = m.league_id JOIN clans b ON b.id = m.blue_clan_id JOIN clans r ON r.id = m.red_clan_id
        WHERE l.slug <> $1 AND m.status = 'complete' ORDER BY m.started_at DESC LIMIT 1)`,
      [league],
    );
    return rows.flatMap((row) => [undefined, row.blue].map((preferSlug) => ({
      url: detailUrl(row.external_id, preferSlug), league: row.league, startedAt: row.started_at, clans: [row.blue, row.red] as [string, string],
    })));
  }

  beforeAll(async () => {
    const servers = await twoServersOnBusiestLeague({ clanCount: 2, minMembers: 5 });
    ({ context, other, league, members } = servers);
    clans = { a: servers.clans[0]!, b: servers.clans[1]! };
    followed = await followedDetails();
    expect(followed.some((detail) => detail.league !== league)).toBe(true);
  });
  afterAll(async () => {
    await other?.close();
    await context?.close();
  });

  /** A finished match of A against B, after every stored one or (`late`) a day before the league's end. */
  function matchOfAandB(late = false): MatchRecord {
    matchCount += 1;
    return matchBetween(context.records, {
      league, matchId: `kept-detail-${matchCount}`, hoursAfterEnd: late ? -24 - matchCount : matchCount,
      blue: { clan: clans.a, members: members.get(clans.a)! }, red: { clan: clans.b, members: members.get(clans.b)! },
    });
  }

  const ask = askAnswer;
  const checks = keptAnswerChecks(() => ({ writer: context.app, other, pool: context.pool }), 'kept_match_details');
  const { computed } = checks;
  const keepAll = (app: App) => checks.keepAll(app, followed.map((detail) => detail.url));
  /** Each followed detail kept or computed as `expected` says, then kept, and byte for byte computed afresh. */
  const expectAnswers = (expected: (detail: FollowedDetail) => AnswerSource, urls = followed) => {
    const byUrl = new Map(urls.map((detail) => [detail.url, detail]));
    return checks.expectAnswers([...byUrl.keys()], (url) => expected(byUrl.get(url)!));
  };

  it('answers a finished match\'s detail without computing once kept, byte for byte the computed answer, in every server', async () => {
    await keepAll(context.app);
    await expectAnswers(() => 'kept');
    const url = followed[0]!.url;
    const plain = await ask(context.app, url);
    const response = await context.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([response.headers['content-encoding'], response.headers['x-cache']]).toEqual(['br', 'kept']);
    expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(plain.body);
    const repeat = await context.app.inject({ url, headers: { 'if-none-match': String(response.headers.etag) } });
    expect(repeat.statusCode).toBe(304);
  });

  it('keeps one detail per side it is seen from; a clan naming neither side reads the plain one', async () => {
    const [plain, seenFromBlue] = followed;
    await keepAll(context.app);
    const matchId = plain!.url.split('/').pop()!;
    const [blue, red] = plain!.clans;
    const fromRed = await ask(other, detailUrl(matchId, red));
    expect(fromRed.source).toBe('computed');
    expect(JSON.parse(fromRed.body).data.myTeam).toBe('red');
    const neither = await ask(other, detailUrl(matchId, 'no-such-clan'));
    expect(neither).toEqual({ body: (await ask(other, plain!.url)).body, source: 'kept' });
    expect(JSON.parse((await ask(other, seenFromBlue!.url)).body).data.myTeam).toBe('blue');
    expect(seenFromBlue!.url).toBe(detailUrl(matchId, blue));
    const { rows } = await context.pool.query<{ seen_from: string }>(
      'SELECT k.seen_from FROM kept_match_details k JOIN matches m ON m.id = k.match_id WHERE m.external_id = $1 ORDER BY 1', [matchId]);
    expect(rows.map((row) => row.seen_from)).toEqual(['', 'blue', 'red']);
  });

  it('after a live match: its detail computed, then kept, every other detail kept', async () => {
    await keepAll(context.app);
    const match = matchOfAandB();
    await context.ingest([match]);
    await expectAnswers(() => 'kept');
    const live = { url: detailUrl(match.matchId, clans.a), league, startedAt: new Date(match.startedAt), clans: [clans.a, clans.b] as [string, string] };
    await expectAnswers(() => 'computed', [live]);
  });

  it('keeps no detail of a match still recording, and computes again a match written again', async () => {
    const match = matchOfAandB();
    const url = detailUrl(match.matchId);
    await context.ingest([{ ...match, status: 'recording', blueScore: null, redScore: null, winner: null, players: [] }]);
    await ask(context.app, url);
    expect((await ask(context.app, url)).source).toBe('computed');
    await context.ingest([match]);
    await ask(context.app, url);
    const finished = await ask(other, url);
    expect(finished.source).toBe('kept');
    expect(JSON.parse(finished.body).data.recording).toBe(false);
    const corrected = { ...match, players: match.players.map((row, index) => (index === 0 ? { ...row, kill: row.kill + 1 } : row)) };
    await context.ingest([corrected]);
    const again = await ask(other, url);
    expect(again.source).toBe('computed');
    expect(again.body).not.toBe(finished.body);
    expect(again.body).toBe(await computed(url));
  });

  it('after a late match: the details of its league from its start on computed again, earlier ones and other leagues\' kept', async () => {
    await keepAll(context.app);
    const late = matchOfAandB(true);
    const summary = await context.ingest([late]);
    expect(summary.replayedLeagues).toEqual([league]);
    const from = new Date(late.startedAt);
    const replayed = (detail: FollowedDetail) => detail.league === league && detail.startedAt >= from;
    expect(followed.filter(replayed).length).toBeGreaterThan(0);
    expect(followed.filter((detail) => !replayed(detail)).length).toBeGreaterThan(0);
    await expectAnswers((detail) => (replayed(detail) ? 'computed' : 'kept'));
  });

  it('after a rename: the details showing the clan computed again (checked on read), others kept', async () => {
    await keepAll(context.app);
    const renamed = followed[0]!.clans[1];
    const { rows } = await context.pool.query<{ name: string; league: string; mark_bg: string | null; mark_front: string | null }>(
      'SELECT c.name, l.slug AS league, c.mark_bg, c.mark_front FROM clans c JOIN leagues l ON l.id = c.league_id WHERE c.slug = $1', [renamed]);
    const clan = rows[0]!;
    await context.ingest([{
      type: 'clan', slug: renamed, name: `${clan.name}2`, league: clan.league as MatchRecord['league'],
      ...(clan.mark_bg ? { markBg: clan.mark_bg } : {}), ...(clan.mark_front ? { markFront: clan.mark_front } : {}),
      at: new Date(TEST_LEAGUE_END_AT.getTime() + 1000 * 3_600_000).toISOString(),
    }]);
    const shows = (detail: FollowedDetail) => detail.clans.includes(renamed);
    expect(followed.filter((detail) => !shows(detail)).length).toBeGreaterThan(0);
    await expectAnswers((detail) => (shows(detail) ? 'computed' : 'kept'));
    expect(JSON.parse((await ask(other, followed[0]!.url)).body).data.match.redClanName).toBe(`${clan.name}2`);
  });

  it('after a rebuild: every detail computed again, then kept as computed', async () => {
    await keepAll(context.app);
    await rebuildAllRatings(context.pool, undefined, context.app.leagueDataChanges.announce);
    await expectAnswers(() => 'computed');
  });

  it('keeps no detail computed before a write of its match committed, and keeps one while other matches are written', async () => {
    const { url } = followed[0]!;
    const matchId = url.split('/').pop()!;
    await context.pool.query('DELETE FROM kept_match_details');
    const page = await preparePage('{}');
    const lookup = await readKeptDetail(context.db.prisma, matchId, undefined);
    await writeMatchAgain(context.pool, matchId);
    expect(await keepDetail(context.db.prisma, { matchId, seenFrom: null, seen: lookup.seen }, page)).toBe(false);
    const again = await readKeptDetail(context.db.prisma, matchId, undefined);
    await context.ingest([matchOfAandB()]);
    expect(await keepDetail(context.db.prisma, { matchId, seenFrom: null, seen: again.seen }, page)).toBe(true);
    expect(await ask(context.app, url)).toEqual({ body: '{}', source: 'kept' });
    await context.pool.query('DELETE FROM kept_match_details');
    expect((await ask(context.app, url)).source).toBe('computed');
  });

  it('leaves a detail unkept rather than waiting while a write holds its match, and keeps it once the write is gone', async () => {
    const matchId = followed[0]!.url.split('/').pop()!;
    await context.pool.query('DELETE FROM kept_match_details');
    const page = await preparePage('{}');
    const { seen } = await readKeptDetail(context.db.prisma, matchId, undefined);
    const client = await context.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1 FROM matches WHERE external_id = $1 FOR UPDATE', [matchId]);
      expect(await keepDetail(context.db.prisma, { matchId, seenFrom: null, seen }, page)).toBe(false);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await keepDetail(context.db.prisma, { matchId, seenFrom: null, seen }, page)).toBe(true);
  });
});
