-- Match list filters and the map panels (issue 18): each clan's row of a match carries the match's map and its
-- team's kills and deaths (sums of the team's player rows, dropouts included, 0 while recording), so a clan's
-- results by map and its list filtered by map are read from its own rows on an index, and a player's kill share
-- finds the team's kills on the clan row's primary key. Rows stored so far take them from their match.

-- AlterTable
ALTER TABLE "clan_matches" ADD COLUMN "map" VARCHAR(60),
    ADD COLUMN "kills" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "deaths" INTEGER NOT NULL DEFAULT 0;

UPDATE "clan_matches" cm SET "map" = m."map" FROM "matches" m WHERE m."id" = cm."match_id" AND m."map" IS NOT NULL;

UPDATE "clan_matches" cm SET "kills" = team."kills", "deaths" = team."deaths"
FROM (
    SELECT "match_id", "clan_id", sum("kill")::int AS "kills", sum("death")::int AS "deaths"
    FROM "match_players" GROUP BY "match_id", "clan_id"
) team
WHERE team."match_id" = cm."match_id" AND team."clan_id" = cm."clan_id";

-- Ingest always writes both: the defaults only filled the rows stored before.
ALTER TABLE "clan_matches" ALTER COLUMN "kills" DROP DEFAULT, ALTER COLUMN "deaths" DROP DEFAULT;

-- CreateIndex
CREATE INDEX "clan_matches_league_map_list_idx" ON "clan_matches"("clan_id", "league_id", "map", "started_at" DESC, "match_id" DESC, "listed_seq");
