import type pg from 'pg';
import type { MatchRecord } from '../../../contracts/ingest-record.js';
import type { RatedMatch } from '../league-rater.js';
import { copyRows } from './copy-rows.js';
import { takeOutRatedRows } from './state-as-of.js';

/** A match already stored, as the writer needs to tell new, unchanged and changed records apart. */
export interface StoredMatch {
  id: number;
  externalId: string;
  contentHash: string;
  status: MatchRecord['status'];
  leagueId: number;
  startedAt: Date;
}

/** A match record resolved to internal ids, ready to store. */
export interface MatchToStore {
  record: MatchRecord;
  contentHash: string;
  leagueId: number;
  startedAt: Date;
  blueClanId: number;
  redClanId: number;
  /** Internal player id per row, in the order of record.players. */
  playerIds: number[];
  id?: number;
  rated?: RatedMatch;
}

/** The stored matches among these external ids. */
export async function findStoredMatches(client: pg.ClientBase, externalIds: string[]): Promise<Map<string, StoredMatch>> {
  if (externalIds.length === 0) return new Map();
  const result = await client.query<{ id: number; external_id: string; content_hash: string; status: MatchRecord['status']; league_id: number; started_at: Date }>(
    'SELECT id, external_id, content_hash, status, league_id, started_at FROM matches WHERE external_id = ANY($1::varchar[])',
    [externalIds],
  );
  return new Map(
    result.rows.map((row) => [
      row.external_id,
      { id: row.id, externalId: row.external_id, contentHash: row.content_hash, status: row.status, leagueId: row.league_id, startedAt: row.started_at },
    ]),
  );
}

/** Which of these source match ids are stored already (the upstream source fetches no detail for them). */
export async function storedExternalIds(db: pg.Pool | pg.ClientBase, externalIds: string[]): Promise<Set<string>> {
  const result = await db.query<{ external_id: string }>(
    'SELECT external_id FROM matches WHERE external_id = ANY($1::varchar[])',
    [externalIds],
  );
  return new Set(result.rows.map((row) => row.external_id));
}

/** Whether any match is stored (none: ingest loads into an empty league). */
export async function anyMatchStored(client: pg.ClientBase): Promise<boolean> {
  const result = await client.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM matches) AS any');
  return result.rows[0]!.any;
}

/**
 * The start time of the newest finished match per league: matches older than it arrive out of order. Read per
 * league from the newest end of the time index, not by grouping every match (a live run asks it for one match);
 * only a league with no finished match walks the whole index, as the grouping did.
 */
export async function loadWatermarks(client: pg.ClientBase): Promise<Map<number, Date>> {
  const result = await client.query<{ league_id: number; newest: Date }>(
    `SELECT l.id AS league_id, newest.started_at AS newest FROM leagues l
     CROSS JOIN LATERAL (
       SELECT started_at FROM matches m WHERE m.league_id = l.id AND m.status = 'complete' ORDER BY started_at DESC LIMIT 1
     ) newest`,
  );
  return new Map(result.rows.map((row) => [row.league_id, row.newest]));
}

const MATCH_COLUMNS = [
  'external_id', 'league_id', 'map', 'started_at', 'play_time_seconds', 'status', 'blue_clan_id', 'red_clan_id',
  'blue_score', 'red_score', 'winner', 'mvp_player_id', 'content_hash',
] as const;

const matchValues = (match: MatchToStore) => [
  match.record.matchId, match.leagueId, match.record.map, match.startedAt, match.record.playTimeSeconds,
  match.record.status, match.blueClanId, match.redClanId, match.record.blueScore, match.record.redScore,
  match.record.winner, match.rated?.mvpPlayerId ?? null, match.contentHash,
];

/**
 * Inserts new matches with COPY, ids drawn from the matches sequence beforehand in the order given (the batch's
 * time order, as one INSERT would draw them), and rewrites changed ones in place; fills in the new ids.
 */
export async function saveMatches(client: pg.ClientBase, matches: MatchToStore[]): Promise<void> {
  const fresh = matches.filter((match) => match.id === undefined);
  const changed = matches.filter((match) => match.id !== undefined);
  if (fresh.length > 0) {
    const ids = await client.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence('matches', 'id'))::int AS id FROM generate_series(1, $1) ORDER BY 1`,
      [fresh.length],
    );
    fresh.forEach((match, index) => { match.id = ids.rows[index]!.id; });
    await copyRows(client, 'matches', ['id', ...MATCH_COLUMNS], fresh.map((match) => [match.id, ...matchValues(match)]));
  }
  if (changed.length === 0) return;
  const columns = changed.map(matchValues);
  await client.query(
    `UPDATE matches m SET ${MATCH_COLUMNS.map((column) => `${column} = t.${column}`).join(', ')}, updated_at = now()
     FROM unnest($1::int[], $2::varchar[], $3::int[], $4::varchar[], $5::timestamptz[], $6::int[], $7::match_status[],
       $8::int[], $9::int[], $10::int[], $11::int[], $12::match_winner[], $13::int[], $14::varchar[])
       AS t(id, ${MATCH_COLUMNS.join(', ')})
     WHERE m.id = t.id`,
    [changed.map((match) => match.id), ...MATCH_COLUMNS.map((_, index) => columns.map((values) => values[index]))],
  );
}

/**
 * When each row of some stored matches first appeared in a match list (listed_seq), by row: `c:<match>:<clan>`
 * and `p:<match>:<player>`. A rewrite keeps these, so a row that was listed stays where pages anchored it.
 */
export interface PreviousListings {
  /** The matches whose rows were removed to be written again. */
  matchIds: ReadonlySet<number>;
  rows: ReadonlyMap<string, number>;
}

const clanRowKey = (matchId: number, clanId: number) => `c:${matchId}:${clanId}`;
const playerRowKey = (matchId: number, playerId: number) => `p:${matchId}:${playerId}`;

/** The clans and players (internal ids) that had rows on the rewritten matches: their lists showed them. */
export function previousOwners(previous: PreviousListings): { clanIds: number[]; playerIds: number[] } {
  const clanIds: number[] = [];
  const playerIds: number[] = [];
  for (const key of previous.rows.keys()) {
    const [kind, , ownerId] = key.split(':');
    (kind === 'c' ? clanIds : playerIds).push(Number(ownerId));
  }
  return { clanIds, playerIds };
}

/**
 * Removes the per-clan and per-player rows of matches that are about to be written again (taking what the rated ones
 * added out of the kept tallies first); returns their listings.
 */
export async function deleteMatchRows(client: pg.ClientBase, matchIds: number[]): Promise<PreviousListings> {
  const rows = new Map<string, number>();
  if (matchIds.length === 0) return { matchIds: new Set(), rows };
  await takeOutRatedRows(client, matchIds);
  type Removed = { match_id: number; owner_id: number; listed_seq: number };
  const clans = await client.query<Removed>(
    'DELETE FROM clan_matches WHERE match_id = ANY($1::int[]) RETURNING match_id, clan_id AS owner_id, listed_seq',
    [matchIds],
  );
  const players = await client.query<Removed>(
    'DELETE FROM match_players WHERE match_id = ANY($1::int[]) RETURNING match_id, player_id AS owner_id, listed_seq',
    [matchIds],
  );
  for (const row of clans.rows) rows.set(clanRowKey(row.match_id, row.owner_id), row.listed_seq);
  for (const row of players.rows) rows.set(playerRowKey(row.match_id, row.owner_id), row.listed_seq);
  return { matchIds: new Set(matchIds), rows };
}

/**
 * The listed_seq of every row about to be written. Kept from before a rewrite; else the match's id for a match
 * stored in this batch (drawn from the same sequence just now); else, for rows appearing on a match stored before
 * (a recording match completing, a corrected roster), one fresh value of the matches id sequence per match. Ingest
 * runs one batch at a time under its lock, so values only grow in commit order: a row listed after a reader's
 * first page always carries a value above that page's anchor.
 */
async function listingsOf(client: pg.ClientBase, matches: MatchToStore[], previous: PreviousListings): Promise<Map<string, number>> {
  const listings = new Map(previous.rows);
  const rowKeys = (match: MatchToStore) => [
    clanRowKey(match.id!, match.blueClanId),
    clanRowKey(match.id!, match.redClanId),
    ...match.playerIds.map((playerId) => playerRowKey(match.id!, playerId)),
  ];
  const needFresh = matches.filter((match) => previous.matchIds.has(match.id!) && rowKeys(match).some((key) => !listings.has(key)));
  const fresh = needFresh.length === 0 ? { rows: [] } : await client.query<{ value: number }>(
    `SELECT nextval(pg_get_serial_sequence('matches', 'id'))::int AS value FROM generate_series(1, $1)`,
    [needFresh.length],
  );
  const freshByMatch = new Map(needFresh.map((match, index) => [match.id!, fresh.rows[index]!.value]));
  for (const match of matches) {
    const value = freshByMatch.get(match.id!) ?? match.id!;
    for (const key of rowKeys(match)) if (!listings.has(key)) listings.set(key, value);
  }
  return listings;
}

const CLAN_MATCH_COLUMNS = [
  'match_id', 'clan_id', 'league_id', 'side', 'opponent_clan_id', 'started_at', 'result', 'rating_before', 'rating_after',
  'listed_seq', 'map', 'kills', 'deaths',
] as const;

const MATCH_PLAYER_COLUMNS = [
  'match_id', 'player_id', 'clan_id', 'league_id', 'side', 'nickname', 'started_at', 'kill', 'death', 'assist', 'headshot',
  'damage', 'damage_percent', 'headshot_percent', 'weapon', 'is_mvp', 'corrected', 'dropout', 'result', 'rating_before',
  'rating_after', 'listed_seq',
] as const;

function* clanMatchRows(matches: MatchToStore[], listings: Map<string, number>) {
  for (const match of matches) {
    for (const side of ['blue', 'red'] as const) {
      const rated = match.rated?.[side];
      const own = side === 'blue' ? match.blueClanId : match.redClanId;
      const opponent = side === 'blue' ? match.redClanId : match.blueClanId;
      // The team's kills and deaths (every row of the side, dropouts included): map panels and kill shares read them.
      const team = match.record.players.filter((row) => row.side === side);
      yield [
        match.id, own, match.leagueId, side, opponent, match.startedAt, rated?.result, rated?.ratingBefore, rated?.ratingAfter,
        listings.get(clanRowKey(match.id!, own)), match.record.map, team.reduce((sum, row) => sum + row.kill, 0),
        team.reduce((sum, row) => sum + row.death, 0),
      ];
    }
  }
}

function* matchPlayerRows(matches: MatchToStore[], listings: Map<string, number>) {
  for (const match of matches) {
    for (const [index, row] of match.record.players.entries()) {
      const playerId = match.playerIds[index]!;
      const rated = match.rated?.players.get(playerId);
      const clanId = row.side === 'blue' ? match.blueClanId : match.redClanId;
      yield [
        match.id, playerId, clanId, match.leagueId, row.side, row.nickname, match.startedAt, row.kill, row.death,
        row.assist, row.headshot, row.damage, row.damagePercent, row.headshotPercent, row.weapon, rated?.isMvp ?? false,
        row.corrected, row.dropout, rated?.result, rated?.ratingBefore, rated?.ratingAfter,
        listings.get(playerRowKey(match.id!, playerId)),
      ];
    }
  }
}

/**
 * Writes both clans' view and every player row of these matches (ratings when they were rated), keeping the
 * listings `previous` holds for rows written again.
 */
export async function saveMatchRows(client: pg.ClientBase, matches: MatchToStore[], previous: PreviousListings): Promise<void> {
  if (matches.length === 0) return;
  const listings = await listingsOf(client, matches, previous);
  await copyRows(client, 'clan_matches', CLAN_MATCH_COLUMNS, clanMatchRows(matches, listings));
  await copyRows(client, 'match_players', MATCH_PLAYER_COLUMNS, matchPlayerRows(matches, listings));
}
