-- A clan's match list filtered by result (issue 18) in one league: a range of its own index, as the list filtered
-- by map is. Read on the league list index instead, a busy clan's list dropped its other results row by row (over
-- 1,000 rows for the benchmark's clans, past the read benchmark's plan check).

-- CreateIndex
CREATE INDEX "clan_matches_league_result_list_idx" ON "clan_matches"("clan_id", "league_id", "result", "started_at" DESC, "match_id" DESC, "listed_seq");
