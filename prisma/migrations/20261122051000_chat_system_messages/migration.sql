-- CreateEnum
CREATE TYPE "trade_chat_system_event" AS ENUM ('APPLIED', 'CONFIRMED', 'COMPLETED', 'CLOSED');

-- AlterTable
ALTER TABLE "trade_chat_messages" ADD COLUMN     "system_event" "trade_chat_system_event";
