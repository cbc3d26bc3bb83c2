-- A version per owner of kept answers ("clan:<id>", "player:<internal id>"), bumped by the ingest transaction that
-- touches the owner before it deletes the owner's kept answers; a read keeps what it computed only when its
-- owner's version (and the epoch, which now only a change of everything bumps) is still the one it saw, so a write
-- of other owners no longer refuses the keep (docs/caching.md, "Match list first pages kept in PostgreSQL"). A
-- match detail's version is its match row's updated_at. A row is never deleted; the first write or keep of an
-- owner without one makes it.

-- CreateTable
CREATE TABLE "kept_owner_versions" (
    "owner" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "kept_owner_versions_pkey" PRIMARY KEY ("owner")
);

-- Every clan and player has its row from the start, so a keep needs no statement of its own to make it (a few
-- dozen bytes an owner: 104,000 rows at full size).
INSERT INTO "kept_owner_versions" ("owner")
SELECT 'clan:' || "id" FROM "clans"
UNION ALL
SELECT 'player:' || "id" FROM "players";

-- What a kept answer shows that writes of other owners move (a clan header's place in the standings, a player
-- summary's rank), as its route wrote it down when computing; the route checks it on read against the server's
-- standings and ranking order and computes again when it moved. Empty for answers showing nothing such.
ALTER TABLE "kept_match_pages" ADD COLUMN "guard" TEXT NOT NULL DEFAULT '';
