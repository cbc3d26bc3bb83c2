import type pg from 'pg';

export interface Samples {
  clans: Array<{ slug: string; matches: number }>;
  matchIds: string[];
  playerIds: string[];
  keywords: string[];
  deepRankingSkip: number;
}

/** Ids the reads rotate through, so that the uncached server computes a different answer on most requests. */
export async function pickSamples(pool: pg.Pool): Promise<Samples> {
  const rows = async <T extends pg.QueryResultRow>(sql: string) => (await pool.query<T>(sql)).rows;
  const league = `(SELECT id FROM leagues WHERE slug = 'sal-beginner')`;
  const clans = await rows<{ slug: string; matches: number }>(
    `SELECT c.slug, s.matches FROM clan_stats s JOIN clans c ON c.id = s.clan_id WHERE s.league_id = ${league} AND s.matches > 20
     ORDER BY s.matches DESC LIMIT 100`,
  );
  const matches = await rows<{ external_id: string }>(
    `SELECT external_id FROM matches WHERE status = 'complete' ORDER BY id DESC LIMIT 200 OFFSET 500`,
  );
  const players = await rows<{ enlistment_no: string; nickname: string }>(
    `SELECT p.enlistment_no, p.nickname FROM player_stats s JOIN players p ON p.id = s.player_id WHERE s.league_id = ${league}
     ORDER BY s.matches DESC LIMIT 200`,
  );
  const ranked = await rows<{ n: string }>(`SELECT count(*) AS n FROM player_stats WHERE league_id = ${league}`);
  const total = Number(ranked[0]?.n ?? 0);
  const keywords = [...new Set(players.slice(0, 60).map((player) => player.nickname.slice(0, 2)))];
  return {
    clans: clans.map((clan) => ({ slug: clan.slug, matches: Number(clan.matches) })),
    matchIds: matches.map((match) => match.external_id),
    playerIds: players.map((player) => player.enlistment_no),
    keywords,
    deepRankingSkip: Math.max(0, Math.min(50_000, total - 100)),
  };
}
