import type pg from 'pg';
import type { ReaderPopulation } from './live-traffic.js';

const RANKING_PAGE_SIZE = 100;

/**
 * Every clan (in the league it plays in now) and every player of the league, the most active first: the Zipf
 * rank of a page is its owner's rank by matches played, as the busiest clans and players are the most looked up.
 */
export async function readPopulation(pool: pg.Pool): Promise<ReaderPopulation> {
  const clans = await pool.query<{ slug: string; league: string }>(
    `SELECT c.slug, l.slug AS league
     FROM clans c
     JOIN leagues l ON l.id = c.league_id
     LEFT JOIN clan_stats s ON s.clan_id = c.id AND s.league_id = c.league_id
     ORDER BY coalesce(s.matches, 0) DESC, c.id`,
  );
  const players = await pool.query<{ enlistment_no: string }>(
    `SELECT p.enlistment_no
     FROM players p
     LEFT JOIN (SELECT player_id, sum(matches) AS matches FROM player_stats GROUP BY player_id) s ON s.player_id = p.id
     ORDER BY coalesce(s.matches, 0) DESC, p.id`,
  );
  // The SAL ranking ranks the players with a rated match in the beginner league (as the ranking's total counts).
  const ranked = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM player_stats WHERE league_id = (SELECT id FROM leagues WHERE slug = 'sal-beginner') AND matches > 0`,
  );
  return {
    clans: clans.rows,
    players: players.rows.map((row) => row.enlistment_no),
    rankingPages: Math.max(1, Math.ceil(Number(ranked.rows[0]!.n) / RANKING_PAGE_SIZE)),
  };
}
