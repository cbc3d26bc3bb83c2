-- A kept answer whose public-read tags read the answer (a player's match list and summary, a clan's header) keeps
-- them with its bytes, so a process keeping it in memory does not decompress and parse it to find them. Empty for
-- the other answers, and for those kept before: their tags are then read from the answer as before.
ALTER TABLE "kept_match_pages" ADD COLUMN "read_tags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
