-- AlterEnum
ALTER TYPE "trade_deal_status" ADD VALUE 'REJECTED';
ALTER TYPE "trade_deal_status" ADD VALUE 'WITHDRAWN';
ALTER TYPE "trade_deal_status" ADD VALUE 'CANCELLED';
ALTER TYPE "trade_deal_status" ADD VALUE 'EXPIRED';
ALTER TYPE "trade_deal_status" ADD VALUE 'CLOSED';

-- AlterEnum
ALTER TYPE "trade_chat_system_event" ADD VALUE 'REJECTED';
ALTER TYPE "trade_chat_system_event" ADD VALUE 'WITHDRAWN';
ALTER TYPE "trade_chat_system_event" ADD VALUE 'CANCELLED';
ALTER TYPE "trade_chat_system_event" ADD VALUE 'EXPIRED';

-- CreateEnum
CREATE TYPE "trade_deal_party" AS ENUM ('BUYER', 'SELLER');

-- AlterTable
ALTER TABLE "trade_deals" ADD COLUMN     "end_reason" VARCHAR(200),
ADD COLUMN     "ended_at" TIMESTAMPTZ(3),
ADD COLUMN     "ended_by" "trade_deal_party",
ADD COLUMN     "last_activity_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- Existing deals: their last activity is their newest message or confirmation; completed ones ended then.
UPDATE "trade_deals" SET "last_activity_at" = GREATEST("created_at", "last_message_at", "buyer_confirmed_at", "seller_confirmed_at");
UPDATE "trade_deals" SET "ended_at" = "completed_at" WHERE "status" = 'COMPLETED';

-- CreateIndex
CREATE INDEX "trade_deals_status_last_activity_at_idx" ON "trade_deals"("status", "last_activity_at");
