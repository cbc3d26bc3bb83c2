import type { Db } from '../../db/client.js';
import type { MatchResult, Side } from '../rating/match-result.js';

/** Rated matches per league of some players (player_stats primary key). */
export function readLeagueMatchCounts(db: Db, playerIds: number[]): Promise<{ playerId: number; leagueId: number; matches: number }[]> {
  return db.$queryRaw`
    SELECT player_id AS "playerId", league_id AS "leagueId", matches FROM player_stats
    WHERE player_id = ANY(${playerIds}::int[]) AND matches > 0`;
}

/** How the matches both players played in a league went, from the first player's side. */
export interface MeetingTallies {
  total: number;
  togetherWins: number;
  togetherLosses: number;
  togetherDraws: number;
  againstWins: number;
  againstLosses: number;
  againstDraws: number;
}

/**
 * Counts of the matches both players played in the league: every one (`total`), and the results of those where
 * neither left early, on one side and on opposite sides. The first player's rows come from their list index, the
 * other's row of each match from the primary key.
 */
export async function readMeetingTallies(db: Db, a: number, b: number, leagueId: number): Promise<MeetingTallies> {
  const [row] = await db.$queryRaw<MeetingTallies[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE counted AND together AND a.result = 'win')::int AS "togetherWins",
      count(*) FILTER (WHERE counted AND together AND a.result = 'lose')::int AS "togetherLosses",
      count(*) FILTER (WHERE counted AND together AND a.result = 'draw')::int AS "togetherDraws",
      count(*) FILTER (WHERE counted AND NOT together AND a.result = 'win')::int AS "againstWins",
      count(*) FILTER (WHERE counted AND NOT together AND a.result = 'lose')::int AS "againstLosses",
      count(*) FILTER (WHERE counted AND NOT together AND a.result = 'draw')::int AS "againstDraws"
    FROM match_players a
    JOIN match_players b ON b.match_id = a.match_id AND b.player_id = ${b},
    LATERAL (SELECT a.side = b.side AS together, NOT a.dropout AND NOT b.dropout AS counted) facts
    WHERE a.player_id = ${a} AND a.league_id = ${leagueId}`;
  return row!;
}

/** One match both players played, with each one's line. */
export interface MeetingRow {
  matchId: string;
  startedAt: Date;
  map: string | null;
  result: MatchResult | null;
  aSide: Side;
  aClanId: number;
  aKill: number;
  aDeath: number;
  aAssist: number;
  aDropout: boolean;
  bSide: Side;
  bClanId: number;
  bKill: number;
  bDeath: number;
  bAssist: number;
  bDropout: boolean;
}

/** The newest `limit` matches both players played in the league. */
export function readMeetings(db: Db, a: number, b: number, leagueId: number, limit: number): Promise<MeetingRow[]> {
  return db.$queryRaw<MeetingRow[]>`
    SELECT m.external_id AS "matchId", a.started_at AS "startedAt", m.map, a.result::text AS result,
      a.side::text AS "aSide", a.clan_id AS "aClanId", a.kill AS "aKill", a.death AS "aDeath", a.assist AS "aAssist",
      a.dropout AS "aDropout",
      b.side::text AS "bSide", b.clan_id AS "bClanId", b.kill AS "bKill", b.death AS "bDeath", b.assist AS "bAssist",
      b.dropout AS "bDropout"
    FROM match_players a
    JOIN match_players b ON b.match_id = a.match_id AND b.player_id = ${b}
    JOIN matches m ON m.id = a.match_id
    WHERE a.player_id = ${a} AND a.league_id = ${leagueId}
    ORDER BY a.started_at DESC, a.match_id DESC LIMIT ${limit}`;
}
