import type pg from 'pg';

/** Every figure ingest keeps (every column but update times), in a stable order, to compare two databases. */
export async function leagueFigures(pool: pg.Pool) {
  const read = async (sql: string) => (await pool.query(sql)).rows;
  return {
    clanStats: await read(`SELECT c.slug, l.slug AS league, s.rating, s.matches, s.wins, s.losses, s.draws, s.streak, s.recent_results,
      s.peak_rating, s.peak_at, s.lowest_rating, s.lowest_at, s.last_match_at
      FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id ORDER BY 1, 2`),
    playerStats: await read(`SELECT p.enlistment_no, s.league_id, s.rating, s.matches, s.wins, s.losses, s.draws, s.kills, s.deaths,
      s.assists, s.headshots, s.mvp_count, s.streak, s.recent_results, s.peak_rating, s.peak_at, s.lowest_rating, s.lowest_at,
      s.last_match_at FROM player_stats s JOIN players p ON p.id = s.player_id ORDER BY 1, 2`),
    rows: await read(`SELECT m.external_id, p.enlistment_no, mp.result, mp.rating_before, mp.rating_after, mp.is_mvp
      FROM match_players mp JOIN matches m ON m.id = mp.match_id JOIN players p ON p.id = mp.player_id ORDER BY 1, 2`),
    clanRows: await read(`SELECT m.external_id, c.slug, cm.result, cm.rating_before, cm.rating_after, m.mvp_player_id IS NOT NULL AS has_mvp
      FROM clan_matches cm JOIN matches m ON m.id = cm.match_id JOIN clans c ON c.id = cm.clan_id ORDER BY 1, 2`),
    opponents: await read(`SELECT clan_id, league_id, opponent_clan_id, matches, wins, losses, draws, last_match_at FROM clan_opponent_stats ORDER BY 1, 2, 3`),
    playerOpponents: await read(`SELECT player_id, league_id, opponent_clan_id, matches, wins, losses, draws, last_match_at FROM player_opponent_stats ORDER BY 1, 2, 3`),
  };
}
