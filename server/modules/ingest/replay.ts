import type pg from 'pg';
import type { TeamSide } from '../../db/generated/enums.js';
import type { Winner } from '../rating/match-result.js';
import { LeagueRater, type RatablePlayerRow, type RatedMatch } from './league-rater.js';
import type { OpponentAggregate, RecordAggregate } from '../rating/record-aggregate.js';
import { loadRaterAsOf, settleExtremes, type OwnersOfDeletedRows, type StateAsOf } from './store/state-as-of.js';
import { deleteFigures, replaceLeagueFigures, saveOpponentRecords, saveRecords } from './store/stats-store.js';

const CHUNK = 5000;

interface StoredFinishedMatch {
  id: number;
  started_at: Date;
  blue_clan_id: number;
  red_clan_id: number;
  winner: Winner;
  mvp_player_id: number | null;
}

/** What a player row holds now of what a replay writes, by "<match id>:<player id>". */
type StoredRatings = Map<string, { result: string | null; rating_before: number | null; rating_after: number | null; is_mvp: boolean }>;
const rowKey = (matchId: number, playerId: number) => `${matchId}:${playerId}`;

/** Reads the next chunk of a league's finished matches in time order, with their player rows. */
async function nextChunk(client: pg.ClientBase, leagueId: number, after: { at: Date; id: number } | null) {
  const matches = await client.query<StoredFinishedMatch>(
    `SELECT id, started_at, blue_clan_id, red_clan_id, winner, mvp_player_id FROM matches
     WHERE league_id = $1 AND status = 'complete' AND winner IS NOT NULL
       AND ($2::timestamptz IS NULL OR (started_at, id) > ($2::timestamptz, $3::int))
     ORDER BY started_at, id LIMIT ${CHUNK}`,
    [leagueId, after?.at ?? null, after?.id ?? 0],
  );
  const rows = await client.query<{
    match_id: number; player_id: number; side: TeamSide; dropout: boolean; kill: number; death: number; assist: number; headshot: number;
    damage_percent: number; headshot_percent: number; result: string | null; rating_before: number | null; rating_after: number | null; is_mvp: boolean;
  }>(
    `SELECT match_id, player_id, side, dropout, kill, death, assist, headshot, damage_percent, headshot_percent,
       result, rating_before, rating_after, is_mvp
     FROM match_players WHERE match_id = ANY($1::int[]) ORDER BY match_id, player_id`,
    [matches.rows.map((match) => match.id)],
  );
  const playersByMatch = new Map<number, RatablePlayerRow[]>();
  const storedRatings: StoredRatings = new Map();
  for (const row of rows.rows) {
    storedRatings.set(rowKey(row.match_id, row.player_id), row);
    let list = playersByMatch.get(row.match_id);
    if (!list) playersByMatch.set(row.match_id, (list = []));
    list.push({
      playerId: row.player_id, side: row.side, dropout: row.dropout, kill: row.kill, death: row.death,
      assist: row.assist, headshot: row.headshot, damagePercent: row.damage_percent, headshotPercent: row.headshot_percent,
    });
  }
  return { matches: matches.rows, playersByMatch, storedRatings };
}

/**
 * Writes the ratings, results and MVPs a replay computed back onto the stored rows, only where they differ: a
 * replay rates again rows that mostly hold these values already (all of them when a rebuild checks a league
 * ingested in order), and a row left alone costs nothing more than the read that found its values (matches and
 * player rows are read with them; clan rows are compared by the update).
 */
async function saveRatedRows(client: pg.ClientBase, rated: { match: StoredFinishedMatch; result: RatedMatch }[], stored: StoredRatings): Promise<void> {
  if (rated.length === 0) return;
  const newMvps = rated.filter(({ match, result }) => match.mvp_player_id !== result.mvpPlayerId);
  if (newMvps.length > 0) {
    await client.query(
      `UPDATE matches m SET mvp_player_id = t.mvp FROM unnest($1::int[], $2::int[]) AS t(id, mvp) WHERE m.id = t.id`,
      [newMvps.map((entry) => entry.match.id), newMvps.map((entry) => entry.result.mvpPlayerId)],
    );
  }
  const clanRows = rated.flatMap(({ match, result }) => [
    { matchId: match.id, clanId: match.blue_clan_id, row: result.blue },
    { matchId: match.id, clanId: match.red_clan_id, row: result.red },
  ]);
  await client.query(
    `UPDATE clan_matches c SET result = t.result, rating_before = t.before, rating_after = t.after
     FROM unnest($1::int[], $2::int[], $3::match_outcome[], $4::int[], $5::int[]) AS t(match_id, clan_id, result, before, after)
     WHERE c.match_id = t.match_id AND c.clan_id = t.clan_id
       AND (c.result, c.rating_before, c.rating_after) IS DISTINCT FROM (t.result, t.before, t.after)`,
    [
      clanRows.map((entry) => entry.matchId), clanRows.map((entry) => entry.clanId), clanRows.map((entry) => entry.row.result),
      clanRows.map((entry) => entry.row.ratingBefore), clanRows.map((entry) => entry.row.ratingAfter),
    ],
  );
  const playerRows = rated.flatMap(({ match, result }) =>
    [...result.players].map(([playerId, row]) => ({ matchId: match.id, playerId, row })),
  ).filter(({ matchId, playerId, row }) => {
    const now = stored.get(rowKey(matchId, playerId));
    return !now || now.result !== row.result || now.rating_before !== row.ratingBefore || now.rating_after !== row.ratingAfter || now.is_mvp !== row.isMvp;
  });
  if (playerRows.length === 0) return;
  await client.query(
    `UPDATE match_players p SET result = t.result, rating_before = t.before, rating_after = t.after, is_mvp = t.mvp
     FROM unnest($1::int[], $2::int[], $3::match_outcome[], $4::int[], $5::int[], $6::bool[]) AS t(match_id, player_id, result, before, after, mvp)
     WHERE p.match_id = t.match_id AND p.player_id = t.player_id`,
    [
      playerRows.map((entry) => entry.matchId), playerRows.map((entry) => entry.playerId),
      playerRows.map((entry) => entry.row.result), playerRows.map((entry) => entry.row.ratingBefore),
      playerRows.map((entry) => entry.row.ratingAfter), playerRows.map((entry) => entry.row.isMvp),
    ],
  );
}

/**
 * Rates a league's finished matches from `after` on (all of them when null) in time order with `rater`, writing
 * each match's results, ratings and MVP back onto its rows. Returns how many matches it rated.
 */
async function rateStoredMatches(
  client: pg.ClientBase,
  rater: LeagueRater,
  after: { at: Date; id: number } | null,
  onMatches?: (count: number) => void,
): Promise<number> {
  let total = 0;
  let cursor = after;
  for (;;) {
    const { matches, playersByMatch, storedRatings } = await nextChunk(client, rater.leagueId, cursor);
    if (matches.length === 0) return total;
    const rated = matches.map((match) => ({
      match,
      result: rater.rate({
        startedAt: match.started_at,
        blueClanId: match.blue_clan_id,
        redClanId: match.red_clan_id,
        winner: match.winner,
        players: playersByMatch.get(match.id) ?? [],
      }),
    }));
    await saveRatedRows(client, rated, storedRatings);
    total += matches.length;
    onMatches?.(matches.length);
    const last = matches[matches.length - 1]!;
    cursor = { at: last.started_at, id: last.id };
  }
}

/**
 * Recomputes a league's ratings and figures from its whole history in time order, rewriting every rated row and
 * every kept figure (the ratings rebuild). Runs inside the caller's transaction. Returns how many matches it rated.
 */
export async function replayLeague(client: pg.ClientBase, leagueId: number, onMatches?: (count: number) => void): Promise<number> {
  const rater = new LeagueRater(leagueId);
  const total = await rateStoredMatches(client, rater, null, onMatches);
  await replaceLeagueFigures(client, rater);
  return total;
}

/** True when two figures records hold the same values (times compared as instants). */
function sameFigures(a: RecordAggregate | OpponentAggregate, b: RecordAggregate | OpponentAggregate | undefined): boolean {
  if (!b) return false;
  return Object.entries(a).every(([field, value]) => {
    const other = (b as unknown as Record<string, unknown>)[field];
    return value instanceof Date || other instanceof Date
      ? (value as Date | null)?.getTime() === (other as Date | null)?.getTime()
      : value === other;
  });
}

/**
 * Writes what a replay from a moment changed: of the owners and pairs it may change, the figures that differ
 * from the kept ones, and deletes the kept ones it no longer holds (someone a changed match no longer names).
 * Most owners a late match touches end where they were, and a figure left alone costs no write.
 */
async function saveChangedFigures(client: pg.ClientBase, { rater, kept, touched }: StateAsOf): Promise<void> {
  rater.dirtyClans.clear();
  rater.dirtyPlayers.clear();
  const gone = { clanIds: [] as number[], playerIds: [] as number[], clanOpponents: [] as string[], playerOpponents: [] as string[] };
  for (const [ids, records, keptRecords, dirty, goneIds] of [
    [touched.clanIds, rater.clans, kept.clans, rater.dirtyClans, gone.clanIds],
    [touched.playerIds, rater.players, kept.players, rater.dirtyPlayers, gone.playerIds],
  ] as const) {
    for (const id of ids) {
      const record = records.get(id);
      if (!record) {
        if (keptRecords.has(id)) goneIds.push(id);
      } else if (!sameFigures(record, keptRecords.get(id))) dirty.add(id);
    }
  }
  for (const [keys, records, keptRecords, goneKeys] of [
    [touched.clanOpponents, rater.clanOpponents, kept.clanOpponents, gone.clanOpponents],
    [touched.playerOpponents, rater.playerOpponents, kept.playerOpponents, gone.playerOpponents],
  ] as const) {
    for (const key of keys) if (!records.has(key) && keptRecords.has(key)) goneKeys.push(key);
    // The replay is done with the rater: what it holds unchanged needs no write.
    for (const [key, record] of records) if (sameFigures(record, keptRecords.get(key))) records.delete(key);
  }
  await deleteFigures(client, rater.leagueId, gone);
  await saveRecords(client, rater);
  await saveOpponentRecords(client, rater, 'replace');
}

/**
 * Recomputes a league from `from` on, after a match arrived (or changed) out of time order: the clans and players
 * the later matches touch start from their figures just before `from` (what is kept, less what the rows from `from`
 * on added), and only the matches from `from` on are rated again. The result is the full replay's, at the cost of
 * what comes after the late match. `deletedFrom` names the clans and players whose rated rows a changed match
 * deleted since (their kept streak, last 20 and rating still count them). Runs inside the caller's transaction.
 * Returns how many matches it rated.
 */
export async function replayLeagueFrom(client: pg.ClientBase, leagueId: number, from: Date, deletedFrom: OwnersOfDeletedRows): Promise<number> {
  const state = await loadRaterAsOf(client, leagueId, from, deletedFrom);
  // Strictly after (from, 0): every match at `from` or later (match ids are positive).
  const total = await rateStoredMatches(client, state.rater, { at: from, id: 0 }, undefined);
  await settleExtremes(client, state, from);
  await saveChangedFigures(client, state);
  return total;
}
