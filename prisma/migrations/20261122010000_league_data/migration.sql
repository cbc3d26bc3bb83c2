-- CreateEnum
CREATE TYPE "match_status" AS ENUM ('recording', 'complete');

-- CreateEnum
CREATE TYPE "team_side" AS ENUM ('blue', 'red');

-- CreateEnum
CREATE TYPE "match_winner" AS ENUM ('blue', 'red', 'draw');

-- CreateEnum
CREATE TYPE "match_outcome" AS ENUM ('win', 'lose', 'draw');

-- CreateEnum
CREATE TYPE "weapon" AS ENUM ('rifle', 'sniper');

-- CreateEnum
CREATE TYPE "membership_action" AS ENUM ('join', 'leave', 'change');

-- CreateTable
CREATE TABLE "clans" (
    "id" SERIAL NOT NULL,
    "slug" VARCHAR(64) NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "league_id" INTEGER NOT NULL,
    "mark_bg" VARCHAR(200),
    "mark_front" VARCHAR(200),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "players" (
    "id" SERIAL NOT NULL,
    "enlistment_no" VARCHAR(20) NOT NULL,
    "nickname" VARCHAR(40) NOT NULL,
    "clan_id" INTEGER,
    "clan_joined_at" TIMESTAMPTZ(3),
    "last_seen_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "players_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership_events" (
    "id" SERIAL NOT NULL,
    "player_id" INTEGER NOT NULL,
    "action" "membership_action" NOT NULL,
    "from_clan_id" INTEGER,
    "to_clan_id" INTEGER,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "membership_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "matches" (
    "id" SERIAL NOT NULL,
    "external_id" VARCHAR(64) NOT NULL,
    "league_id" INTEGER NOT NULL,
    "map" VARCHAR(60),
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "play_time_seconds" INTEGER NOT NULL,
    "status" "match_status" NOT NULL,
    "blue_clan_id" INTEGER NOT NULL,
    "red_clan_id" INTEGER NOT NULL,
    "blue_score" INTEGER,
    "red_score" INTEGER,
    "winner" "match_winner",
    "mvp_player_id" INTEGER,
    "content_hash" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clan_matches" (
    "match_id" INTEGER NOT NULL,
    "clan_id" INTEGER NOT NULL,
    "league_id" INTEGER NOT NULL,
    "side" "team_side" NOT NULL,
    "opponent_clan_id" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "result" "match_outcome",
    "rating_before" INTEGER,
    "rating_after" INTEGER,

    CONSTRAINT "clan_matches_pkey" PRIMARY KEY ("match_id","clan_id")
);

-- CreateTable
CREATE TABLE "match_players" (
    "match_id" INTEGER NOT NULL,
    "player_id" INTEGER NOT NULL,
    "clan_id" INTEGER NOT NULL,
    "league_id" INTEGER NOT NULL,
    "side" "team_side" NOT NULL,
    "nickname" VARCHAR(40) NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "kill" INTEGER NOT NULL,
    "death" INTEGER NOT NULL,
    "assist" INTEGER NOT NULL,
    "headshot" INTEGER NOT NULL,
    "damage" INTEGER NOT NULL,
    "damage_percent" REAL NOT NULL,
    "headshot_percent" REAL NOT NULL,
    "weapon" "weapon" NOT NULL,
    "is_mvp" BOOLEAN NOT NULL DEFAULT false,
    "corrected" BOOLEAN NOT NULL DEFAULT false,
    "dropout" BOOLEAN NOT NULL DEFAULT false,
    "result" "match_outcome",
    "rating_before" INTEGER,
    "rating_after" INTEGER,

    CONSTRAINT "match_players_pkey" PRIMARY KEY ("match_id","player_id")
);

-- CreateTable
CREATE TABLE "clan_stats" (
    "clan_id" INTEGER NOT NULL,
    "league_id" INTEGER NOT NULL,
    "rating" INTEGER NOT NULL DEFAULT 1000,
    "matches" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "streak" INTEGER NOT NULL DEFAULT 0,
    "recent_results" VARCHAR(20) NOT NULL DEFAULT '',
    "peak_rating" INTEGER NOT NULL DEFAULT 1000,
    "peak_at" TIMESTAMPTZ(3),
    "lowest_rating" INTEGER NOT NULL DEFAULT 1000,
    "lowest_at" TIMESTAMPTZ(3),
    "last_match_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "clan_stats_pkey" PRIMARY KEY ("clan_id","league_id")
);

-- CreateTable
CREATE TABLE "player_stats" (
    "player_id" INTEGER NOT NULL,
    "league_id" INTEGER NOT NULL,
    "rating" INTEGER NOT NULL DEFAULT 1000,
    "matches" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "kills" INTEGER NOT NULL DEFAULT 0,
    "deaths" INTEGER NOT NULL DEFAULT 0,
    "assists" INTEGER NOT NULL DEFAULT 0,
    "headshots" INTEGER NOT NULL DEFAULT 0,
    "mvp_count" INTEGER NOT NULL DEFAULT 0,
    "streak" INTEGER NOT NULL DEFAULT 0,
    "recent_results" VARCHAR(20) NOT NULL DEFAULT '',
    "peak_rating" INTEGER NOT NULL DEFAULT 1000,
    "peak_at" TIMESTAMPTZ(3),
    "lowest_rating" INTEGER NOT NULL DEFAULT 1000,
    "lowest_at" TIMESTAMPTZ(3),
    "last_match_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_stats_pkey" PRIMARY KEY ("player_id","league_id")
);

-- CreateTable
CREATE TABLE "clan_opponent_stats" (
    "clan_id" INTEGER NOT NULL,
    "league_id" INTEGER NOT NULL,
    "opponent_clan_id" INTEGER NOT NULL,
    "matches" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "last_match_at" TIMESTAMPTZ(3),

    CONSTRAINT "clan_opponent_stats_pkey" PRIMARY KEY ("clan_id","league_id","opponent_clan_id")
);

-- CreateTable
CREATE TABLE "player_opponent_stats" (
    "player_id" INTEGER NOT NULL,
    "league_id" INTEGER NOT NULL,
    "opponent_clan_id" INTEGER NOT NULL,
    "matches" INTEGER NOT NULL DEFAULT 0,
    "wins" INTEGER NOT NULL DEFAULT 0,
    "losses" INTEGER NOT NULL DEFAULT 0,
    "draws" INTEGER NOT NULL DEFAULT 0,
    "last_match_at" TIMESTAMPTZ(3),

    CONSTRAINT "player_opponent_stats_pkey" PRIMARY KEY ("player_id","league_id","opponent_clan_id")
);

-- CreateTable
CREATE TABLE "ingest_states" (
    "clan_id" INTEGER NOT NULL,
    "running" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ingest_states_pkey" PRIMARY KEY ("clan_id")
);

-- CreateTable
CREATE TABLE "search_logs" (
    "id" SERIAL NOT NULL,
    "keyword" VARCHAR(100) NOT NULL,
    "mode" VARCHAR(20) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_logs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "clans_slug_key" ON "clans"("slug");

-- CreateIndex
CREATE INDEX "clans_league_id_idx" ON "clans"("league_id");

-- CreateIndex
CREATE INDEX "clans_name_trgm_idx" ON "clans" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "players_enlistment_no_key" ON "players"("enlistment_no");

-- CreateIndex
CREATE INDEX "players_clan_id_idx" ON "players"("clan_id");

-- CreateIndex
CREATE INDEX "players_last_seen_at_idx" ON "players"("last_seen_at");

-- CreateIndex
CREATE INDEX "players_nickname_trgm_idx" ON "players" USING GIN ("nickname" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "membership_events_player_id_at_idx" ON "membership_events"("player_id", "at");

-- CreateIndex
CREATE UNIQUE INDEX "matches_external_id_key" ON "matches"("external_id");

-- CreateIndex
CREATE INDEX "matches_league_id_started_at_id_idx" ON "matches"("league_id", "started_at", "id");

-- CreateIndex
CREATE INDEX "matches_started_at_id_idx" ON "matches"("started_at", "id");

-- CreateIndex
CREATE INDEX "clan_matches_clan_id_started_at_match_id_idx" ON "clan_matches"("clan_id", "started_at" DESC, "match_id" DESC);

-- CreateIndex
CREATE INDEX "clan_matches_clan_id_league_id_started_at_match_id_idx" ON "clan_matches"("clan_id", "league_id", "started_at" DESC, "match_id" DESC);

-- CreateIndex
CREATE INDEX "match_players_player_id_started_at_match_id_idx" ON "match_players"("player_id", "started_at" DESC, "match_id" DESC);

-- CreateIndex
CREATE INDEX "match_players_player_id_league_id_started_at_match_id_idx" ON "match_players"("player_id", "league_id", "started_at" DESC, "match_id" DESC);

-- CreateIndex
CREATE INDEX "clan_stats_league_id_rating_clan_id_idx" ON "clan_stats"("league_id", "rating" DESC, "clan_id");

-- CreateIndex
CREATE INDEX "player_stats_league_id_rating_player_id_idx" ON "player_stats"("league_id", "rating" DESC, "player_id");

-- CreateIndex
CREATE INDEX "search_logs_created_at_idx" ON "search_logs"("created_at");

-- AddForeignKey
ALTER TABLE "clans" ADD CONSTRAINT "clans_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "players" ADD CONSTRAINT "players_clan_id_fkey" FOREIGN KEY ("clan_id") REFERENCES "clans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_from_clan_id_fkey" FOREIGN KEY ("from_clan_id") REFERENCES "clans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_events" ADD CONSTRAINT "membership_events_to_clan_id_fkey" FOREIGN KEY ("to_clan_id") REFERENCES "clans"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_blue_clan_id_fkey" FOREIGN KEY ("blue_clan_id") REFERENCES "clans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_red_clan_id_fkey" FOREIGN KEY ("red_clan_id") REFERENCES "clans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_mvp_player_id_fkey" FOREIGN KEY ("mvp_player_id") REFERENCES "players"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clan_stats" ADD CONSTRAINT "clan_stats_clan_id_fkey" FOREIGN KEY ("clan_id") REFERENCES "clans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clan_stats" ADD CONSTRAINT "clan_stats_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_stats" ADD CONSTRAINT "player_stats_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clan_opponent_stats" ADD CONSTRAINT "clan_opponent_stats_clan_id_fkey" FOREIGN KEY ("clan_id") REFERENCES "clans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clan_opponent_stats" ADD CONSTRAINT "clan_opponent_stats_opponent_clan_id_fkey" FOREIGN KEY ("opponent_clan_id") REFERENCES "clans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "clan_opponent_stats" ADD CONSTRAINT "clan_opponent_stats_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_opponent_stats" ADD CONSTRAINT "player_opponent_stats_player_id_fkey" FOREIGN KEY ("player_id") REFERENCES "players"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_opponent_stats" ADD CONSTRAINT "player_opponent_stats_opponent_clan_id_fkey" FOREIGN KEY ("opponent_clan_id") REFERENCES "clans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_opponent_stats" ADD CONSTRAINT "player_opponent_stats_league_id_fkey" FOREIGN KEY ("league_id") REFERENCES "leagues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ingest_states" ADD CONSTRAINT "ingest_states_clan_id_fkey" FOREIGN KEY ("clan_id") REFERENCES "clans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
