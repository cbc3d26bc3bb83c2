-- Two panels of the clan page computed from an index alone, instead of from every row of the clan scattered over
-- the table. A clan of a full league has 300-1,000 opponent records and 1,400 match rows in its league, and after
-- live updates each sits on a page of its own: the two statements below read 900-1,400 table pages each, 10-17 ms
-- of PostgreSQL's time per panel computed, the most of any statement under the live mix (docs/performance.md).
-- NULLS LAST (as the query orders) and INCLUDE are beyond what Prisma's schema says.

-- The clan's opponents in the order shown (the header's top five, the maps panel's clans met), with every figure
-- shown: the first entries of the index are the answer.
CREATE INDEX "clan_opponent_stats_top_idx" ON "clan_opponent_stats" ("clan_id", "league_id", "matches" DESC, "last_match_at" DESC NULLS LAST, "opponent_clan_id") INCLUDE ("wins", "losses", "draws");

-- The clan's results by map (stats-core/map-records.ts) read from its map index with the result, kills and deaths
-- on the entries; the list filtered by map reads the same index as before.
DROP INDEX "clan_matches_league_map_list_idx";
CREATE INDEX "clan_matches_league_map_list_idx" ON "clan_matches"("clan_id", "league_id", "map", "started_at" DESC, "match_id" DESC, "listed_seq") INCLUDE ("result", "kills", "deaths");
