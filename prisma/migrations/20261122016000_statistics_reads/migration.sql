-- Statistics reads (issue 4, part B): head-to-head index and the per-player clan refresh limit.

-- CreateIndex
CREATE INDEX "clan_matches_clan_id_opponent_clan_id_started_at_match_id_idx" ON "clan_matches"("clan_id", "opponent_clan_id", "started_at" DESC, "match_id" DESC);

-- CreateTable
CREATE TABLE "player_clan_refreshes" (
    "player_id" INTEGER NOT NULL,
    "refreshed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "player_clan_refreshes_pkey" PRIMARY KEY ("player_id")
);

-- AddForeignKey
ALTER TABLE "player_clan_refreshes" ADD CONSTRAINT "player_clan_refreshes_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;
