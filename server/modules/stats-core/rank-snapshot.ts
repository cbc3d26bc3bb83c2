import type { Database } from '../../db/client.js';
import type { SnapshotReader } from './league-snapshots.js';

/**
 * A league's ranking order held in memory: every ranked player's (rating, internal id), rating desc then id.
 * It turns a `skip` into the keyset bound of the row before it and a player into a rank with a binary search,
 * so page 500 and the rank of the last player cost what page 1 costs instead of walking 50,000 index entries.
 */
export interface RankSnapshot {
  ratings: Int32Array;
  playerIds: Int32Array;
}

/** The sort order of rankings: rating desc, then internal id asc. Negative: a before b. */
export function compareRankKeys(ratingA: number, idA: number, ratingB: number, idB: number): number {
  return ratingB - ratingA || idA - idB;
}

/** How many snapshot entries come before (rating, playerId) in the ranking order (the player itself excluded). */
export function countAhead(snapshot: RankSnapshot, rating: number, playerId: number): number {
  let low = 0;
  let high = snapshot.ratings.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRankKeys(snapshot.ratings[middle]!, snapshot.playerIds[middle]!, rating, playerId) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The (rating, playerId) at a 0-based position, or undefined past the end. */
export function keyAt(snapshot: RankSnapshot, index: number): { rating: number; playerId: number } | undefined {
  if (index < 0 || index >= snapshot.ratings.length) return undefined;
  return { rating: snapshot.ratings[index]!, playerId: snapshot.playerIds[index]! };
}

/** Ranking snapshots per league (see LeagueSnapshots for when they are rebuilt). */
export type RankSnapshots = SnapshotReader<RankSnapshot>;

/** Big-endian 32-bit integers, as PostgreSQL's int4send packs them, read into an array. */
function int32sOf(bytes: Uint8Array | null): Int32Array {
  if (!bytes) return new Int32Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Int32Array(bytes.byteLength / 4);
  for (let index = 0; index < values.length; index += 1) values[index] = view.getInt32(index * 4);
  return values;
}

/**
 * Reads a league's ranking order: one row with two columns of packed 4-byte integers. An int[] column would be
 * parsed from its text form in JavaScript, about 300 ms for 100,000 ids on a loaded machine (the event loop held
 * for every reader, twice a rebuild); bytes arrive as one hex string the runtime decodes natively.
 */
export async function loadRankSnapshot(prisma: Database, leagueId: number): Promise<RankSnapshot> {
  const [row] = await prisma.$queryRaw<Array<{ ratings: Uint8Array | null; ids: Uint8Array | null }>>`
    SELECT string_agg(int4send(rating), ''::bytea ORDER BY rating DESC, player_id) AS ratings,
           string_agg(int4send(player_id), ''::bytea ORDER BY rating DESC, player_id) AS ids
    FROM player_stats WHERE league_id = ${leagueId} AND matches > 0`;
  return { ratings: int32sOf(row?.ratings ?? null), playerIds: int32sOf(row?.ids ?? null) };
}
