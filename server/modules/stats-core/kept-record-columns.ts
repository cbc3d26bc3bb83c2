import { Prisma } from '../../db/generated/client.js';

/**
 * The record columns ingest keeps in clan_stats and player_stats, read under the field names of the in-memory
 * RecordAggregate (modules/rating/record-aggregate.ts), so a read row is the figures object with no mapping.
 */
export const KEPT_RECORD_COLUMNS = Prisma.sql`rating, matches, wins, losses, draws, streak,
  recent_results AS "recentResults", peak_rating AS "peakRating", peak_at AS "peakAt",
  lowest_rating AS "lowestRating", lowest_at AS "lowestAt", last_match_at AS "lastMatchAt"`;
