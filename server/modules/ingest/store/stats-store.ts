import type pg from 'pg';
import { parseOpponentKey, type LeagueRater } from '../league-rater.js';
import type { OpponentAggregate, PlayerAggregate, RecordAggregate } from '../../rating/record-aggregate.js';
import { copyRows } from './copy-rows.js';

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

/**
 * Adds to the rater the current figures of some clans and players of its league (incremental ingest reads only
 * those its matches name; an owner without a row has none yet, and the rater starts it from scratch).
 */
export async function loadRaterFigures(client: pg.ClientBase, rater: LeagueRater, owners: { clanIds: number[]; playerIds: number[] }): Promise<void> {
  if (owners.clanIds.length > 0) {
    const clans = await client.query<RecordRow & { clan_id: number }>(
      `SELECT clan_id, ${RECORD_COLUMNS} FROM clan_stats WHERE league_id = $1 AND clan_id = ANY($2::int[])`,
      [rater.leagueId, owners.clanIds],
    );
    for (const row of clans.rows) rater.clans.set(row.clan_id, toRecord(row));
  }
  if (owners.playerIds.length === 0) return;
  const players = await client.query<RecordRow & { player_id: number; kills: number; deaths: number; assists: number; headshots: number; mvp_count: number }>(
    `SELECT player_id, ${RECORD_COLUMNS}, kills, deaths, assists, headshots, mvp_count FROM player_stats WHERE league_id = $1 AND player_id = ANY($2::int[])`,
    [rater.leagueId, owners.playerIds],
  );
  for (const row of players.rows) {
    rater.players.set(row.player_id, {
      ...toRecord(row), kills: row.kills, deaths: row.deaths, assists: row.assists, headshots: row.headshots, mvpCount: row.mvp_count,
    });
  }
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

/**
 * Deletes kept figures of a league a replay no longer holds: clan and player records, and records against
 * opponent clans by "<own id>:<opponent clan id>" key.
 */
export async function deleteFigures(
  client: pg.ClientBase,
  leagueId: number,
  gone: { clanIds: number[]; playerIds: number[]; clanOpponents: string[]; playerOpponents: string[] },
): Promise<void> {
  for (const [table, column, ids] of [['clan_stats', 'clan_id', gone.clanIds], ['player_stats', 'player_id', gone.playerIds]] as const) {
    if (ids.length > 0) await client.query(`DELETE FROM ${table} WHERE league_id = $1 AND ${column} = ANY($2::int[])`, [leagueId, ids]);
  }
  for (const [table, column, keys] of [
    ['clan_opponent_stats', 'clan_id', gone.clanOpponents], ['player_opponent_stats', 'player_id', gone.playerOpponents],
  ] as const) {
    if (keys.length === 0) continue;
    const pairs = keys.map(parseOpponentKey);
    await client.query(
      `DELETE FROM ${table} kept USING unnest($2::int[], $3::int[]) AS gone(own, opponent)
       WHERE kept.league_id = $1 AND kept.${column} = gone.own AND kept.opponent_clan_id = gone.opponent`,
      [leagueId, pairs.map(([own]) => own), pairs.map(([, opponent]) => opponent)],
    );
  }
}

/** One figure table of a league as rows the rater holds: columns in the order of each row, the key first. */
interface FigureRows {
  table: string;
  key: readonly string[];
  columns: readonly string[];
  rows(): Iterable<readonly unknown[]>;
}

const recordValues = (record: RecordAggregate) => [
  record.rating, record.matches, record.wins, record.losses, record.draws, record.streak, record.recentResults,
  record.peakRating, record.peakAt, record.lowestRating, record.lowestAt, record.lastMatchAt,
];
const OPPONENT_VALUE_COLUMNS = ['matches', 'wins', 'losses', 'draws', 'last_match_at'];

/** A map's ids in ascending order: rows written in primary-key order (see opponentRows). */
const inKeyOrder = (records: Map<number, unknown>) => Float64Array.from(records.keys()).sort();

/** Room for opponent clan ids in a packed (own, opponent) sort key; both ids stay below 2^53 together. */
const OPPONENT_ID_SPAN = 2 ** 26;

/**
 * Records against opponent clans in key order (owner, then opponent clan): the primary key then grows at its right
 * edge, as an index build would fill it, instead of splitting pages all over a large index, and an owner's records
 * share pages. Sorted as packed numbers in a typed array: millions of them in a full league.
 */
function* opponentRows(leagueId: number, records: Map<string, OpponentAggregate>) {
  const keys = new Float64Array(records.size);
  let index = 0;
  for (const key of records.keys()) {
    const [own, opponent] = parseOpponentKey(key);
    keys[index++] = own * OPPONENT_ID_SPAN + opponent;
  }
  keys.sort();
  for (const packed of keys) {
    const own = Math.floor(packed / OPPONENT_ID_SPAN);
    const opponent = packed - own * OPPONENT_ID_SPAN;
    const value = records.get(`${own}:${opponent}`)!;
    yield [own, leagueId, opponent, value.matches, value.wins, value.losses, value.draws, value.lastMatchAt];
  }
}

/** Every figure the rater holds, per table: clan and player records and their records against opponent clans. */
function figureRows(rater: LeagueRater): FigureRows[] {
  const { leagueId } = rater;
  return [
    {
      table: 'clan_stats', key: ['clan_id', 'league_id'], columns: ['clan_id', 'league_id', ...RECORD_COLUMNS.split(', ')],
      *rows() {
        for (const clanId of inKeyOrder(rater.clans)) yield [clanId, leagueId, ...recordValues(rater.clans.get(clanId)!)];
      },
    },
    {
      table: 'player_stats', key: ['player_id', 'league_id'],
      columns: ['player_id', 'league_id', ...RECORD_COLUMNS.split(', '), 'kills', 'deaths', 'assists', 'headshots', 'mvp_count'],
      *rows() {
        for (const playerId of inKeyOrder(rater.players)) {
          const record = rater.players.get(playerId)!;
          yield [playerId, leagueId, ...recordValues(record), record.kills, record.deaths, record.assists, record.headshots, record.mvpCount];
        }
      },
    },
    {
      table: 'clan_opponent_stats', key: ['clan_id', 'league_id', 'opponent_clan_id'],
      columns: ['clan_id', 'league_id', 'opponent_clan_id', ...OPPONENT_VALUE_COLUMNS],
      rows: () => opponentRows(leagueId, rater.clanOpponents),
    },
    {
      table: 'player_opponent_stats', key: ['player_id', 'league_id', 'opponent_clan_id'],
      columns: ['player_id', 'league_id', 'opponent_clan_id', ...OPPONENT_VALUE_COLUMNS],
      rows: () => opponentRows(leagueId, rater.playerOpponents),
    },
  ];
}

/**
 * Writes every figure the rater holds with COPY, into figure tables that hold nothing of the league yet (a load
 * into an empty league, whose rater saw every match): one pass per table instead of an upsert per batch.
 */
export async function copyLeagueFigures(client: pg.ClientBase, rater: LeagueRater): Promise<void> {
  for (const figures of figureRows(rater)) await copyRows(client, figures.table, figures.columns, figures.rows());
}

/**
 * Makes a league's kept figures the rater's complete ones (a full replay), writing only what differs: the
 * figures are staged with COPY in a temporary table, rows the rater no longer holds are deleted, and a row is
 * written only when a value changed. A rebuild that finds the figures right (the usual check after an upgrade)
 * leaves the tables, their indexes and their update times as they were. Runs inside the caller's transaction.
 */
export async function replaceLeagueFigures(client: pg.ClientBase, rater: LeagueRater): Promise<void> {
  // The joins below hash whole tables of a league: give them memory rather than many passes over temp files.
  await client.query(`SET LOCAL work_mem = '256MB'`);
  for (const figures of figureRows(rater)) {
    const staged = `staged_${figures.table}`;
    const keyMatches = figures.key.map((column) => `staged.${column} = kept.${column}`).join(' AND ');
    const values = figures.columns.filter((column) => !figures.key.includes(column));
    const keepsUpdateTime = figures.table.endsWith('_stats') && !figures.table.includes('opponent');
    await client.query(`DROP TABLE IF EXISTS ${staged}`);
    await client.query(`CREATE TEMP TABLE ${staged} (LIKE ${figures.table} INCLUDING DEFAULTS) ON COMMIT DROP`);
    await copyRows(client, staged, figures.columns, figures.rows());
    await client.query(`ANALYZE ${staged}`);
    await client.query(
      `DELETE FROM ${figures.table} kept WHERE kept.league_id = $1 AND NOT EXISTS (SELECT 1 FROM ${staged} staged WHERE ${keyMatches})`,
      [rater.leagueId],
    );
    await client.query(
      `UPDATE ${figures.table} kept SET ${values.map((column) => `${column} = staged.${column}`).join(', ')}${keepsUpdateTime ? ', updated_at = now()' : ''}
       FROM ${staged} staged WHERE ${keyMatches}
         AND (${values.map((column) => `kept.${column}`).join(', ')}) IS DISTINCT FROM (${values.map((column) => `staged.${column}`).join(', ')})`,
    );
    await client.query(
      `INSERT INTO ${figures.table} (${figures.columns.join(', ')}) SELECT ${figures.columns.join(', ')} FROM ${staged} staged
       WHERE NOT EXISTS (SELECT 1 FROM ${figures.table} kept WHERE ${keyMatches})`,
    );
  }
}
