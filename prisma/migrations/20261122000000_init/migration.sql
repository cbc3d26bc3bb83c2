-- Extensions used by later migrations (name search with trigrams, case-insensitive e-mail).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";
CREATE EXTENSION IF NOT EXISTS "citext";

-- CreateTable
CREATE TABLE "leagues" (
    "id" SERIAL NOT NULL,
    "slug" VARCHAR(40) NOT NULL,
    "label" VARCHAR(80) NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "leagues_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "leagues_slug_key" ON "leagues"("slug");
