-- The clan page's record update (issue 4 audit): when a clan's records were last fetched on request, so the
-- upstream is asked once per clan per interval across every server process.

-- CreateTable
CREATE TABLE "clan_record_refreshes" (
    "clan_id" INTEGER NOT NULL,
    "refreshed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "clan_record_refreshes_pkey" PRIMARY KEY ("clan_id")
);

-- AddForeignKey
ALTER TABLE "clan_record_refreshes" ADD CONSTRAINT "clan_record_refreshes_clan_id_fkey" FOREIGN KEY ("clan_id") REFERENCES "clans"("id") ON DELETE CASCADE ON UPDATE CASCADE;
