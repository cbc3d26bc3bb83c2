-- The figures ingest keeps ready (clan_stats, player_stats, clan_opponent_stats, player_opponent_stats) are derived
-- from the stored matches and rebuilt by a ratings rebuild; their foreign keys were checked on every row ingest
-- writes (most of a load's time past the COPY itself) and guarded nothing: no code deletes a clan, player or
-- league, and every writer of these rows takes the ids from rows it has just written or read.

-- DropForeignKey
ALTER TABLE "clan_stats" DROP CONSTRAINT "clan_stats_clan_id_fkey";
ALTER TABLE "clan_stats" DROP CONSTRAINT "clan_stats_league_id_fkey";
ALTER TABLE "player_stats" DROP CONSTRAINT "player_stats_player_id_fkey";
ALTER TABLE "player_stats" DROP CONSTRAINT "player_stats_league_id_fkey";
ALTER TABLE "clan_opponent_stats" DROP CONSTRAINT "clan_opponent_stats_clan_id_fkey";
ALTER TABLE "clan_opponent_stats" DROP CONSTRAINT "clan_opponent_stats_opponent_clan_id_fkey";
ALTER TABLE "clan_opponent_stats" DROP CONSTRAINT "clan_opponent_stats_league_id_fkey";
ALTER TABLE "player_opponent_stats" DROP CONSTRAINT "player_opponent_stats_player_id_fkey";
ALTER TABLE "player_opponent_stats" DROP CONSTRAINT "player_opponent_stats_opponent_clan_id_fkey";
ALTER TABLE "player_opponent_stats" DROP CONSTRAINT "player_opponent_stats_league_id_fkey";
