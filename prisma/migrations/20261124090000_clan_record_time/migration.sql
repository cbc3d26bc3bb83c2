-- League data: when the newest clan record ingest applied was true, so an older file never moves a clan back.

-- AlterTable
ALTER TABLE "clans" ADD COLUMN     "recorded_at" TIMESTAMPTZ(3);
