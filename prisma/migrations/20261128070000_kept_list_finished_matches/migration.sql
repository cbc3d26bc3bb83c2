-- A kept match list page keeps, with its bytes, the matches it lists that are finished (their public ids, in the
-- page's order): the details its page prefetches are made ready from them without reading the page's JSON back.
-- Empty for the panels kept in the same table.
ALTER TABLE "kept_match_pages" ADD COLUMN "finished_match_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

-- The answers kept before have no such list: they go (every one is computed and kept again by its next reader).
DELETE FROM "kept_match_pages";
