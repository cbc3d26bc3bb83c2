import type pg from 'pg';
import type { TeamSide } from '../../db/generated/enums.js';
import type { Winner } from '../rating/match-result.js';
import { LeagueRater, type RatablePlayerRow, type RatedMatch } from './league-rater.js';
import { loadRaterAsOf, ownersTouchedFrom } from './store/state-as-of.js';
import { deleteOwnerFigures, replaceLeagueFigures, saveOpponentRecords, saveRecords } from './store/stats-store.js';

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

/**
 * Recomputes a league from `from` on, after a match arrived (or changed) out of time order: the clans and players
 * the later matches touch start from their figures just before `from`, read back from the rows stored before it,
 * and only the matches from `from` on are rated again. The result is the full replay's, at the cost of what comes
 * after the late match. Runs inside the caller's transaction. Returns how many matches it rated.
 */
export async function replayLeagueFrom(client: pg.ClientBase, leagueId: number, from: Date): Promise<number> {
  const owners = await ownersTouchedFrom(client, leagueId, from);
  const rater = await loadRaterAsOf(client, leagueId, from, owners);
  // Strictly after (from, 0): every match at `from` or later (match ids are positive).
  const total = await rateStoredMatches(client, rater, { at: from, id: 0 }, undefined);
  // The touched owners' figures are complete in the rater (their state before `from`, plus what came after): write
  // them anew, and drop the ones left with no rated match (someone a changed match no longer names).
  await deleteOwnerFigures(client, leagueId, owners);
  for (const clanId of owners.clanIds) if (rater.clans.has(clanId)) rater.dirtyClans.add(clanId);
  for (const playerId of owners.playerIds) if (rater.players.has(playerId)) rater.dirtyPlayers.add(playerId);
  await saveRecords(client, rater);
  await saveOpponentRecords(client, rater, 'replace');
  return total;
}
