-- CreateEnum
CREATE TYPE "admin_audit_action" AS ENUM ('TRADE_BAN', 'TRADE_UNBAN', 'TRADE_TRUST', 'REPORT_HANDLED');

-- AlterTable
ALTER TABLE "trade_profiles" ADD COLUMN     "ban_reason" VARCHAR(200),
ADD COLUMN     "banned_at" TIMESTAMPTZ(3),
ADD COLUMN     "banned_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "admin_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "admin_id" UUID,
    "action" "admin_audit_action" NOT NULL,
    "target_user_id" UUID,
    "reason" VARCHAR(500),
    "detail" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "admin_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_audit_log_target_user_id_created_at_idx" ON "admin_audit_log"("target_user_id", "created_at");

-- CreateIndex
CREATE INDEX "admin_audit_log_created_at_idx" ON "admin_audit_log"("created_at");

-- AddForeignKey
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_fkey" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_target_user_id_fkey" FOREIGN KEY ("target_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
