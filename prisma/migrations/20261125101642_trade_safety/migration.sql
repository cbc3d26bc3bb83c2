-- CreateEnum
CREATE TYPE "trade_report_reason" AS ENUM ('FRAUD', 'ABUSE', 'OUTSIDE_CONTACT', 'SPAM', 'OTHER');

-- CreateEnum
CREATE TYPE "trade_report_status" AS ENUM ('OPEN', 'HANDLED');

-- CreateTable
CREATE TABLE "trade_reports" (
    "id" BIGSERIAL NOT NULL,
    "reporter_id" UUID NOT NULL,
    "target_user_id" UUID NOT NULL,
    "deal_id" UUID,
    "message_id" UUID,
    "reason" "trade_report_reason" NOT NULL,
    "detail" VARCHAR(1000) NOT NULL DEFAULT '',
    "status" "trade_report_status" NOT NULL DEFAULT 'OPEN',
    "handled_by" UUID,
    "handled_at" TIMESTAMPTZ(3),
    "handled_note" VARCHAR(500),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_reports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trade_blocks" (
    "blocker_id" UUID NOT NULL,
    "blocked_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_blocks_pkey" PRIMARY KEY ("blocker_id","blocked_id")
);

-- CreateIndex
CREATE INDEX "trade_reports_status_created_at_idx" ON "trade_reports"("status", "created_at");

-- CreateIndex
CREATE INDEX "trade_reports_target_user_id_created_at_idx" ON "trade_reports"("target_user_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "trade_reports_reporter_id_message_id_key" ON "trade_reports"("reporter_id", "message_id");

-- CreateIndex
CREATE INDEX "trade_blocks_blocked_id_idx" ON "trade_blocks"("blocked_id");

-- AddForeignKey
ALTER TABLE "trade_reports" ADD CONSTRAINT "trade_reports_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_reports" ADD CONSTRAINT "trade_reports_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_reports" ADD CONSTRAINT "trade_reports_handled_by_fkey" FOREIGN KEY ("handled_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_reports" ADD CONSTRAINT "trade_reports_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "trade_deals"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_reports" ADD CONSTRAINT "trade_reports_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "trade_chat_messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_blocks" ADD CONSTRAINT "trade_blocks_blocker_id_fkey" FOREIGN KEY ("blocker_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_blocks" ADD CONSTRAINT "trade_blocks_blocked_id_fkey" FOREIGN KEY ("blocked_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
