-- Stable match list pages (issue 4 audit): each clan_matches / match_players row carries the value of the matches
-- id sequence drawn when it first appeared in a list, and the list indexes carry it so an anchored page stays an
-- index-only read. Rows stored so far appeared with their match: their match id is that value.

-- AlterTable
ALTER TABLE "clan_matches" ADD COLUMN "listed_seq" INTEGER;
UPDATE "clan_matches" SET "listed_seq" = "match_id";
ALTER TABLE "clan_matches" ALTER COLUMN "listed_seq" SET NOT NULL;

-- AlterTable
ALTER TABLE "match_players" ADD COLUMN "listed_seq" INTEGER;
UPDATE "match_players" SET "listed_seq" = "match_id";
ALTER TABLE "match_players" ALTER COLUMN "listed_seq" SET NOT NULL;

-- DropIndex
DROP INDEX "clan_matches_clan_id_started_at_match_id_idx";
DROP INDEX "clan_matches_clan_id_league_id_started_at_match_id_idx";
DROP INDEX "match_players_player_id_started_at_match_id_idx";
DROP INDEX "match_players_player_id_league_id_started_at_match_id_idx";

-- CreateIndex
CREATE INDEX "clan_matches_list_idx" ON "clan_matches"("clan_id", "started_at" DESC, "match_id" DESC, "listed_seq");

-- CreateIndex
CREATE INDEX "clan_matches_league_list_idx" ON "clan_matches"("clan_id", "league_id", "started_at" DESC, "match_id" DESC, "listed_seq");

-- CreateIndex
CREATE INDEX "match_players_list_idx" ON "match_players"("player_id", "started_at" DESC, "match_id" DESC, "listed_seq");

-- CreateIndex
CREATE INDEX "match_players_league_list_idx" ON "match_players"("player_id", "league_id", "started_at" DESC, "match_id" DESC, "listed_seq");
