-- CreateEnum
CREATE TYPE "trade_post_state" AS ENUM ('OPEN', 'RESERVED', 'SOLD', 'WITHDRAWN');

-- AlterTable
ALTER TABLE "trade_posts" ADD COLUMN     "edited_at" TIMESTAMPTZ(3),
ADD COLUMN     "state" "trade_post_state" NOT NULL DEFAULT 'OPEN',
ADD COLUMN     "state_changed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "trade_post_views" (
    "post_id" UUID NOT NULL,
    "viewer_key" VARCHAR(80) NOT NULL,
    "viewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_post_views_pkey" PRIMARY KEY ("post_id","viewer_key")
);

-- AddForeignKey
ALTER TABLE "trade_post_views" ADD CONSTRAINT "trade_post_views_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "trade_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
