-- The first page of a clan's or a player's match list kept ready as its answer's bytes (brotli), so a reader's
-- first page is one primary-key read (docs/caching.md, "Match list first pages kept in PostgreSQL"). A read fills
-- a missing page; every ingest transaction deletes the pages of what it touched before it commits, and bumps the
-- epoch first, so a page computed from data older than the commit is never kept after it.

-- CreateTable
CREATE TABLE "kept_match_pages" (
    "owner" TEXT NOT NULL,
    "variant" TEXT NOT NULL,
    "brotli" BYTEA NOT NULL,
    "etag" TEXT NOT NULL,
    "rating_clan_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "rating_league_ids" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],
    "ratings" INTEGER[] NOT NULL DEFAULT ARRAY[]::INTEGER[],

    CONSTRAINT "kept_match_pages_pkey" PRIMARY KEY ("owner","variant")
);

-- The kept bytes are brotli already: PostgreSQL's own compression would only spend CPU on every read.
ALTER TABLE "kept_match_pages" ALTER COLUMN "brotli" SET STORAGE EXTERNAL;

-- CreateTable
CREATE TABLE "kept_match_pages_epoch" (
    "id" INTEGER NOT NULL,
    "epoch" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kept_match_pages_epoch_pkey" PRIMARY KEY ("id")
);

INSERT INTO "kept_match_pages_epoch" ("id", "epoch") VALUES (1, 0);
