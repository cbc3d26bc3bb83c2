import type pg from 'pg';

/** The deep ranking read: a page past this row. */
export const DEEP_RANKING_ROW = 50_000;

export interface Samples {
  clans: Array<{ slug: string; matches: number }>;
  matchIds: string[];
  playerIds: string[];
  /** Search keywords as visitors type them: 1-2 character prefixes, 3-4 character prefixes, enlistment numbers. */
  keywords: { short: string[]; longer: string[]; numbers: string[] };
  /** The deep ranking page's skip (past DEEP_RANKING_ROW when the pool allows) and the players ranked in the pool. */
  deepRanking: { skip: number; ranked: number };
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
  // The ranking ranks players with a rated match in the pool (the position call's total).
  const ranked = Number((await rows<{ n: string }>(`SELECT count(*) AS n FROM player_stats WHERE league_id = ${league} AND matches > 0`))[0]?.n ?? 0);
  const prefixes = (length: number) => [...new Set(players.slice(0, 60).map((player) => [...player.nickname].slice(0, length).join('')))];
  return {
    clans: clans.map((clan) => ({ slug: clan.slug, matches: Number(clan.matches) })),
    matchIds: matches.map((match) => match.external_id),
    playerIds: players.map((player) => player.enlistment_no),
    keywords: {
      short: prefixes(2),
      longer: [...prefixes(3), ...prefixes(4)],
      numbers: players.slice(0, 60).map((player) => player.enlistment_no),
    },
    deepRanking: { skip: Math.max(0, Math.min(DEEP_RANKING_ROW, ranked - 100)), ranked },
  };
}
