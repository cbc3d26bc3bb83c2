import { expect } from 'vitest';
import type pg from 'pg';
import type { LeagueTestContext } from './league-app.js';

/** A public read that must answer 200; its JSON body. */
export async function readOk<T>(context: LeagueTestContext, url: string): Promise<T> {
  const response = await context.app.inject({ url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

/** The clan with most matches in the league it plays in now: the richest clan page of a test league. */
export async function busiestClan(pool: pg.Pool): Promise<{ slug: string; league: string }> {
  const { rows } = await pool.query<{ slug: string; league: string }>(
    `SELECT c.slug, l.slug AS league FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
     WHERE c.league_id = s.league_id ORDER BY s.matches DESC, c.slug LIMIT 1`,
  );
  return rows[0]!;
}
