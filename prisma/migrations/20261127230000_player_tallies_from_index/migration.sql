-- The counts of a player's match list (win, lose, draw, unknown, dropout: players/player-matches.ts) read from the
-- player's league list index alone. They count every row of the player's list, and a player's rows are spread over
-- the table one match apart: on the full league the count read about 100 table pages a player, 6 ms of
-- PostgreSQL's time for each player page computed (docs/performance.md), while the page and its total read no table
-- row. INCLUDE is beyond what Prisma's schema says; the key columns are as before.
DROP INDEX "match_players_league_list_idx";
CREATE INDEX "match_players_league_list_idx" ON "match_players"("player_id", "league_id", "started_at" DESC, "match_id" DESC, "listed_seq") INCLUDE ("result", "dropout");
