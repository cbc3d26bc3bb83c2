import type pg from 'pg';
import { expect } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { dropKeptPages } from '../../server/modules/stats-core/kept-match-pages.js';
import { busiestLeague, clanRosters } from './clan-rosters.js';
import { createLeagueTestApp, type LeagueTestContext } from './league-app.js';
import { testConfig } from './test-app.js';

/** Where an answer came from: kept in PostgreSQL (`x-cache: kept`) or computed for this request. */
export type AnswerSource = 'kept' | 'computed';

/**
 * An answer as a reader gets it (200 expected), with where it came from; returned once the keep it started has
 * ended (a computed answer is kept right after it leaves), as a reader asking again a moment later finds it.
 */
export async function askAnswer(app: App, url: string): Promise<{ body: string; source: string }> {
  const response = await app.inject({ url });
  await app.answerKeeps.settled();
  expect(response.statusCode, url).toBe(200);
  return { body: response.body, source: String(response.headers['x-cache'] ?? 'computed') };
}

/**
 * The checks every kept-answer test makes with two servers on one database (`writer` ingests, `other` hears of it
 * over NOTIFY) and the table of kept answers they share: an answer kept is byte for byte the one computed from
 * scratch, in every server.
 */
export function keptAnswerChecks(servers: () => { writer: App; other: App; pool: pg.Pool }, table: 'kept_match_pages' | 'kept_match_details') {
  /** The answer computed now, with nothing kept. */
  async function computed(url: string): Promise<string> {
    const { writer, pool } = servers();
    await pool.query(`DELETE FROM ${table}`);
    const answer = await askAnswer(writer, url);
    expect(answer.source, url).toBe('computed');
    return answer.body;
  }

  /** Asks every address until it is kept (the second ask reads it without computing). */
  async function keepAll(app: App, urls: readonly string[]): Promise<void> {
    for (const url of urls) {
      await askAnswer(app, url);
      expect((await askAnswer(app, url)).source, url).toBe('kept');
    }
  }

  /**
   * Each address as the other server answers it now (kept or computed, as `expected` says: 'kept' for what a change
   * left, 'computed' for what it deleted), then kept in the writer too, and byte for byte the answer computed afresh.
   */
  async function expectAnswers(urls: readonly string[], expected: (url: string) => AnswerSource): Promise<void> {
    const { writer, other } = servers();
    const answers = new Map<string, string>();
    for (const url of urls) {
      const first = await askAnswer(other, url);
      expect(first.source, url).toBe(expected(url));
      const again = await askAnswer(writer, url);
      expect(again.source, url).toBe('kept');
      expect(again.body, url).toBe(first.body);
      answers.set(url, first.body);
    }
    for (const [url, body] of answers) expect(body, url).toBe(await computed(url));
  }

  return { computed, keepAll, expectAnswers };
}

/**
 * Two servers on one database (`context.app` writes, `other` hears of it over NOTIFY), both without the public-read
 * cache so every answer is either kept or computed, and the busiest league's `clanCount` busiest clans of at least
 * `minMembers` members (the tests' precondition, checked).
 */
export async function twoServersOnBusiestLeague(options: { clanCount: number; minMembers: number }): Promise<{
  context: LeagueTestContext;
  other: App;
  league: string;
  clans: string[];
  members: Map<string, { playerId: string; nickname: string }[]>;
}> {
  const context = await createLeagueTestApp(undefined, {}, { publicReadCache: false });
  const other = await buildApp({
    config: testConfig(), prisma: context.db.prisma, databaseUrl: context.db.url, logger: false, publicReadCache: false,
  });
  await other.ready();
  const rosters = (await clanRosters(context.pool)).filter((roster) => roster.players.length >= options.minMembers);
  const busiest = busiestLeague(rosters);
  expect(busiest.clans.length).toBeGreaterThanOrEqual(options.clanCount);
  return {
    context,
    other,
    league: busiest.league,
    clans: busiest.clans.slice(0, options.clanCount).map((roster) => roster.clan),
    members: new Map(rosters.map((roster) => [roster.clan, roster.players])),
  };
}

/** What a transaction writing the match again does to it and its kept details (its row's updated_at moves). */
export async function writeMatchAgain(pool: pg.Pool, matchId: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ id: number }>('UPDATE matches SET updated_at = now() WHERE external_id = $1 RETURNING id', [matchId]);
    await dropKeptPages((sql, params) => client.query(sql, params), { everything: false, clanIds: [], playerIds: [], matchIds: [rows[0]!.id] });
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}
