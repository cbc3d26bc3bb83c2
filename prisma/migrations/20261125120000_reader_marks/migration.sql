-- A member's favourite and recently viewed clans and players (home shows them; visitors keep theirs in the browser).
CREATE TYPE "reader_mark_list" AS ENUM ('favourite', 'recent');
CREATE TYPE "reader_mark_kind" AS ENUM ('clan', 'player');

CREATE TABLE "reader_marks" (
    "user_id" UUID NOT NULL,
    "list" "reader_mark_list" NOT NULL,
    "kind" "reader_mark_kind" NOT NULL,
    "target" VARCHAR(64) NOT NULL,
    "league" VARCHAR(40) NOT NULL,
    "marked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reader_marks_pkey" PRIMARY KEY ("user_id","list","kind","target")
);

CREATE INDEX "reader_marks_user_id_list_marked_at_idx" ON "reader_marks"("user_id", "list", "marked_at" DESC);

ALTER TABLE "reader_marks" ADD CONSTRAINT "reader_marks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
