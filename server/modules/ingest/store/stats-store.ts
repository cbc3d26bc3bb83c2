import type pg from 'pg';
import { LeagueRater, parseOpponentKey } from '../league-rater.js';
import type { OpponentAggregate, PlayerAggregate, RecordAggregate } from '../../rating/record-aggregate.js';

type RecordRow = {
  rating: number; matches: number; wins: number; losses: number; draws: number; streak: number;
  recent_results: string; peak_rating: number; peak_at: Date | null; lowest_rating: number; lowest_at: Date | null;
  last_match_at: Date | null;
};

const RECORD_COLUMNS =
  'rating, matches, wins, losses, draws, streak, recent_results, peak_rating, peak_at, lowest_rating, lowest_at, last_match_at';

function toRecord(row: RecordRow): RecordAggregate {
  return {
    rating: row.rating, matches: row.matches, wins: row.wins, losses: row.losses, draws: row.draws, streak: row.streak,
    recentResults: row.recent_results, peakRating: row.peak_rating, peakAt: row.peak_at,
    lowestRating: row.lowest_rating, lowestAt: row.lowest_at, lastMatchAt: row.last_match_at,
  };
}

/** A rater holding a league's current figures, to go on with new matches (incremental ingest). */
export async function loadRater(client: pg.ClientBase, leagueId: number): Promise<LeagueRater> {
  const rater = new LeagueRater(leagueId);
  const clans = await client.query<RecordRow & { clan_id: number }>(
    `SELECT clan_id, ${RECORD_COLUMNS} FROM clan_stats WHERE league_id = $1`,
    [leagueId],
  );
  for (const row of clans.rows) rater.clans.set(row.clan_id, toRecord(row));
  const players = await client.query<RecordRow & { player_id: number; kills: number; deaths: number; assists: number; headshots: number; mvp_count: number }>(
    `SELECT player_id, ${RECORD_COLUMNS}, kills, deaths, assists, headshots, mvp_count FROM player_stats WHERE league_id = $1`,
    [leagueId],
  );
  for (const row of players.rows) {
    rater.players.set(row.player_id, {
      ...toRecord(row), kills: row.kills, deaths: row.deaths, assists: row.assists, headshots: row.headshots, mvpCount: row.mvp_count,
    });
  }
  return rater;
}

function recordColumns(records: RecordAggregate[]): unknown[] {
  return [
    records.map((record) => record.rating),
    records.map((record) => record.matches),
    records.map((record) => record.wins),
    records.map((record) => record.losses),
    records.map((record) => record.draws),
    records.map((record) => record.streak),
    records.map((record) => record.recentResults),
    records.map((record) => record.peakRating),
    records.map((record) => record.peakAt),
    records.map((record) => record.lowestRating),
    records.map((record) => record.lowestAt),
    records.map((record) => record.lastMatchAt),
  ];
}

const RECORD_TYPES = '$3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::varchar[], $10::int[], $11::timestamptz[], $12::int[], $13::timestamptz[], $14::timestamptz[]';
const RECORD_UPDATES = RECORD_COLUMNS.split(', ').map((column) => `${column} = excluded.${column}`).join(', ');

/** Saves the clan and player figures the rater changed (whole rows: the rater holds their full state). */
export async function saveRecords(client: pg.ClientBase, rater: LeagueRater): Promise<void> {
  const clanIds = [...rater.dirtyClans];
  if (clanIds.length > 0) {
    await client.query(
      `INSERT INTO clan_stats (clan_id, league_id, ${RECORD_COLUMNS})
       SELECT id, $2::int, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12
       FROM unnest($1::int[], ${RECORD_TYPES}) AS t(id, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12)
       ON CONFLICT (clan_id, league_id) DO UPDATE SET ${RECORD_UPDATES}, updated_at = now()`,
      [clanIds, rater.leagueId, ...recordColumns(clanIds.map((id) => rater.clans.get(id)!))],
    );
  }
  const playerIds = [...rater.dirtyPlayers];
  if (playerIds.length > 0) {
    const records: PlayerAggregate[] = playerIds.map((id) => rater.players.get(id)!);
    await client.query(
      `INSERT INTO player_stats (player_id, league_id, ${RECORD_COLUMNS}, kills, deaths, assists, headshots, mvp_count)
       SELECT id, $2::int, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, k, d, a, h, m
       FROM unnest($1::int[], ${RECORD_TYPES}, $15::int[], $16::int[], $17::int[], $18::int[], $19::int[])
         AS t(id, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, k, d, a, h, m)
       ON CONFLICT (player_id, league_id) DO UPDATE SET ${RECORD_UPDATES}, kills = excluded.kills,
         deaths = excluded.deaths, assists = excluded.assists, headshots = excluded.headshots,
         mvp_count = excluded.mvp_count, updated_at = now()`,
      [
        playerIds, rater.leagueId, ...recordColumns(records),
        records.map((record) => record.kills), records.map((record) => record.deaths),
        records.map((record) => record.assists), records.map((record) => record.headshots),
        records.map((record) => record.mvpCount),
      ],
    );
  }
}

/**
 * Saves records against opponent clans. 'add' adds this run's counts to what is stored (incremental ingest);
 * 'replace' writes complete figures (a replay, after the league's rows were deleted).
 */
export async function saveOpponentRecords(client: pg.ClientBase, rater: LeagueRater, mode: 'add' | 'replace'): Promise<void> {
  const tables: [string, string, Map<string, OpponentAggregate>][] = [
    ['clan_opponent_stats', 'clan_id', rater.clanOpponents],
    ['player_opponent_stats', 'player_id', rater.playerOpponents],
  ];
  for (const [table, ownColumn, records] of tables) {
    if (records.size === 0) continue;
    const keys = [...records.keys()].map(parseOpponentKey);
    const values = [...records.values()];
    const onConflict = mode === 'add'
      ? `matches = ${table}.matches + excluded.matches, wins = ${table}.wins + excluded.wins,
         losses = ${table}.losses + excluded.losses, draws = ${table}.draws + excluded.draws,
         last_match_at = greatest(${table}.last_match_at, excluded.last_match_at)`
      : 'matches = excluded.matches, wins = excluded.wins, losses = excluded.losses, draws = excluded.draws, last_match_at = excluded.last_match_at';
    await client.query(
      `INSERT INTO ${table} (${ownColumn}, league_id, opponent_clan_id, matches, wins, losses, draws, last_match_at)
       SELECT own, $2::int, opponent, m, w, l, d, at
       FROM unnest($1::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[], $8::timestamptz[]) AS t(own, opponent, m, w, l, d, at)
       ON CONFLICT (${ownColumn}, league_id, opponent_clan_id) DO UPDATE SET ${onConflict}`,
      [
        keys.map(([own]) => own), rater.leagueId, keys.map(([, opponent]) => opponent),
        values.map((value) => value.matches), values.map((value) => value.wins), values.map((value) => value.losses),
        values.map((value) => value.draws), values.map((value) => value.lastMatchAt),
      ],
    );
  }
}

/** Deletes the kept figures of some clans and players of a league (and their opponent records) before a replay writes them anew. */
export async function deleteOwnerFigures(client: pg.ClientBase, leagueId: number, owners: { clanIds: number[]; playerIds: number[] }): Promise<void> {
  for (const [table, column, ids] of [
    ['clan_stats', 'clan_id', owners.clanIds], ['clan_opponent_stats', 'clan_id', owners.clanIds],
    ['player_stats', 'player_id', owners.playerIds], ['player_opponent_stats', 'player_id', owners.playerIds],
  ] as const) {
    await client.query(`DELETE FROM ${table} WHERE league_id = $1 AND ${column} = ANY($2::int[])`, [leagueId, ids]);
  }
}

/** Deletes a league's kept figures before a replay writes them anew. */
export async function deleteLeagueFigures(client: pg.ClientBase, leagueId: number): Promise<void> {
  for (const table of ['clan_stats', 'player_stats', 'clan_opponent_stats', 'player_opponent_stats']) {
    await client.query(`DELETE FROM ${table} WHERE league_id = $1`, [leagueId]);
  }
}
