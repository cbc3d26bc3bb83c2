import type pg from 'pg';
import { LeagueRater } from '../league-rater.js';
import { RECENT_RESULTS_KEPT, type OpponentAggregate, type RecordAggregate } from '../../rating/record-aggregate.js';

/**
 * The figures a league's clans and players had just before a moment, read back from the rated rows stored before
 * it (`clan_matches`, `match_players`: result and rating after every match). A replay from that moment starts from
 * them instead of from the league's first match, so a late match costs what comes after it.
 */

const LETTER = "CASE result WHEN 'win' THEN 'W' WHEN 'lose' THEN 'L' ELSE 'D' END";

/**
 * One row per owner with the record fields as the rater keeps them: tally, rating after the newest match, the
 * newest result with the length of its run (the streak), the last 20 results as letters, peak and lowest with
 * the first time each was reached, and the time of the newest match. `rows` is a query of the owner's rated rows
 * before the moment: (owner, match_id, started_at, result, rating_after).
 */
function recordQuery(rows: string): string {
  return `
    WITH rated AS (${rows}),
    ordered AS (
      SELECT *, row_number() OVER newest_first AS n, first_value(result) OVER newest_first AS newest
      FROM rated WINDOW newest_first AS (PARTITION BY owner ORDER BY started_at DESC, match_id DESC)
    )
    SELECT owner,
      count(*)::int AS matches,
      count(*) FILTER (WHERE result = 'win')::int AS wins,
      count(*) FILTER (WHERE result = 'lose')::int AS losses,
      count(*) FILTER (WHERE result = 'draw')::int AS draws,
      min(newest::text) AS newest,
      (coalesce(min(n) FILTER (WHERE result <> newest), max(n) + 1) - 1)::int AS run,
      string_agg(${LETTER}, '' ORDER BY n) FILTER (WHERE n <= ${RECENT_RESULTS_KEPT}) AS recent,
      (array_agg(rating_after ORDER BY n))[1] AS rating,
      max(rating_after) AS peak_rating,
      (array_agg(started_at ORDER BY rating_after DESC, started_at, match_id))[1] AS peak_at,
      min(rating_after) AS lowest_rating,
      (array_agg(started_at ORDER BY rating_after, started_at, match_id))[1] AS lowest_at,
      max(started_at) AS last_match_at
    FROM ordered GROUP BY owner`;
}

interface RecordRow {
  owner: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  newest: string;
  run: number;
  recent: string;
  rating: number;
  peak_rating: number;
  peak_at: Date;
  lowest_rating: number;
  lowest_at: Date;
  last_match_at: Date;
}

function toRecord(row: RecordRow): RecordAggregate {
  const streak = row.newest === 'win' ? row.run : row.newest === 'lose' ? -row.run : 0;
  return {
    rating: row.rating, matches: row.matches, wins: row.wins, losses: row.losses, draws: row.draws, streak,
    recentResults: row.recent, peakRating: row.peak_rating, peakAt: row.peak_at,
    lowestRating: row.lowest_rating, lowestAt: row.lowest_at, lastMatchAt: row.last_match_at,
  };
}

interface OpponentRow {
  owner: number;
  opponent: number;
  matches: number;
  wins: number;
  losses: number;
  draws: number;
  last_match_at: Date;
}

const OPPONENT_TALLY = `count(*)::int AS matches, count(*) FILTER (WHERE result = 'win')::int AS wins,
  count(*) FILTER (WHERE result = 'lose')::int AS losses, count(*) FILTER (WHERE result = 'draw')::int AS draws,
  max(started_at) AS last_match_at`;

const toOpponent = (row: OpponentRow): OpponentAggregate => ({
  matches: row.matches, wins: row.wins, losses: row.losses, draws: row.draws, lastMatchAt: row.last_match_at,
});

/**
 * A rater for `leagueId` holding, for the given clans and players, their figures and their records against the
 * given opponent clans as they stood before `moment`. Owners without a rated match before it are left out (the
 * rater starts them afresh, as a replay from the first match would).
 */
export async function loadRaterAsOf(
  client: pg.ClientBase,
  leagueId: number,
  moment: Date,
  owners: { clanIds: number[]; playerIds: number[] },
): Promise<LeagueRater> {
  const rater = new LeagueRater(leagueId);
  const { clanIds, playerIds } = owners;
  const clans = await client.query<RecordRow>(recordQuery(`
    SELECT clan_id AS owner, match_id, started_at, result, rating_after FROM clan_matches
    WHERE clan_id = ANY($1::int[]) AND league_id = $2 AND started_at < $3 AND result IS NOT NULL`), [clanIds, leagueId, moment]);
  for (const row of clans.rows) rater.clans.set(row.owner, toRecord(row));

  const players = await client.query<RecordRow & { kills: number; deaths: number; assists: number; headshots: number; mvp_count: number }>(`
    WITH combat AS (
      SELECT player_id AS owner, sum(kill)::int AS kills, sum(death)::int AS deaths, sum(assist)::int AS assists,
        sum(headshot)::int AS headshots, count(*) FILTER (WHERE is_mvp)::int AS mvp_count
      FROM match_players
      WHERE player_id = ANY($1::int[]) AND league_id = $2 AND started_at < $3 AND result IS NOT NULL AND NOT dropout
      GROUP BY player_id
    ),
    record AS (${recordQuery(`
      SELECT player_id AS owner, match_id, started_at, result, rating_after FROM match_players
      WHERE player_id = ANY($1::int[]) AND league_id = $2 AND started_at < $3 AND result IS NOT NULL AND NOT dropout`)})
    SELECT record.*, combat.kills, combat.deaths, combat.assists, combat.headshots, combat.mvp_count
    FROM record JOIN combat USING (owner)`, [playerIds, leagueId, moment]);
  for (const row of players.rows) {
    rater.players.set(row.owner, {
      ...toRecord(row), kills: row.kills, deaths: row.deaths, assists: row.assists, headshots: row.headshots, mvpCount: row.mvp_count,
    });
  }

  const clanOpponents = await client.query<OpponentRow>(`
    SELECT clan_id AS owner, opponent_clan_id AS opponent, ${OPPONENT_TALLY} FROM clan_matches
    WHERE clan_id = ANY($1::int[]) AND league_id = $2 AND started_at < $3 AND result IS NOT NULL
    GROUP BY clan_id, opponent_clan_id`, [clanIds, leagueId, moment]);
  for (const row of clanOpponents.rows) rater.clanOpponents.set(`${row.owner}:${row.opponent}`, toOpponent(row));

  const playerOpponents = await client.query<OpponentRow>(`
    SELECT mp.player_id AS owner, cm.opponent_clan_id AS opponent, ${OPPONENT_TALLY.replaceAll('result', 'mp.result').replaceAll('started_at', 'mp.started_at')}
    FROM match_players mp JOIN clan_matches cm ON cm.match_id = mp.match_id AND cm.clan_id = mp.clan_id
    WHERE mp.player_id = ANY($1::int[]) AND mp.league_id = $2 AND mp.started_at < $3 AND mp.result IS NOT NULL AND NOT mp.dropout
    GROUP BY mp.player_id, cm.opponent_clan_id`, [playerIds, leagueId, moment]);
  for (const row of playerOpponents.rows) rater.playerOpponents.set(`${row.owner}:${row.opponent}`, toOpponent(row));
  return rater;
}

/**
 * The clans and players whose kept figures a replay from `moment` may change: those with a rated match at or after
 * it as stored now (a changed or removed match may have counted someone who is no longer in it), plus the ones the
 * replayed matches name.
 */
export async function ownersTouchedFrom(client: pg.ClientBase, leagueId: number, moment: Date): Promise<{ clanIds: number[]; playerIds: number[] }> {
  // The rows of the later matches are found through `matches` (indexed by league and time), then by match id.
  const later = `SELECT id FROM matches WHERE league_id = $1 AND started_at >= $2`;
  const clans = await client.query<{ id: number }>(`
    SELECT clan_id AS id FROM clan_stats WHERE league_id = $1 AND last_match_at >= $2
    UNION SELECT clan_id FROM clan_matches WHERE match_id IN (${later})`, [leagueId, moment]);
  const players = await client.query<{ id: number }>(`
    SELECT player_id AS id FROM player_stats WHERE league_id = $1 AND last_match_at >= $2
    UNION SELECT player_id FROM match_players WHERE match_id IN (${later})`, [leagueId, moment]);
  return { clanIds: clans.rows.map((row) => row.id), playerIds: players.rows.map((row) => row.id) };
}
