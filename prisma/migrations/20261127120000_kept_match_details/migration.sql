-- A finished match's detail kept ready as its answer's bytes (brotli), one row per side it is seen from (the
-- clan the page names, or none), so the detail a match list row opens is one read by primary key (docs/caching.md,
-- "Match details kept in PostgreSQL"). A read fills a missing one; an ingest transaction that writes the match
-- again, or replays its league from before it, deletes it (bumping the epoch of kept_match_pages first). A rename
-- is checked on read instead: the row keeps its two clans' updated_at, and a clan changed since reads as none.

-- CreateTable
CREATE TABLE "kept_match_details" (
    "match_id" INTEGER NOT NULL,
    "seen_from" TEXT NOT NULL,
    "brotli" BYTEA NOT NULL,
    "etag" TEXT NOT NULL,
    "blue_clan_at" TIMESTAMPTZ(3) NOT NULL,
    "red_clan_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "kept_match_details_pkey" PRIMARY KEY ("match_id","seen_from")
);

-- The kept bytes are brotli already: PostgreSQL's own compression would only spend CPU on every read.
ALTER TABLE "kept_match_details" ALTER COLUMN "brotli" SET STORAGE EXTERNAL;
