-- Trade marketplace (issue 7): posts, deals, chat messages, trade profiles and vendor ads.

-- CreateEnum
CREATE TYPE "trade_deal_status" AS ENUM ('IN_PROGRESS', 'COMPLETED');

-- CreateTable
CREATE TABLE "trade_profiles" (
    "user_id" UUID NOT NULL,
    "prev_verified_count" INTEGER NOT NULL DEFAULT 0,
    "is_trusted" BOOLEAN NOT NULL DEFAULT false,
    "banned" BOOLEAN NOT NULL DEFAULT false,
    "last_posted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_profiles_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "trade_posts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "board" VARCHAR(20) NOT NULL DEFAULT 'user-trade',
    "seller_id" UUID NOT NULL,
    "title" VARCHAR(100) NOT NULL,
    "content" TEXT NOT NULL,
    "price" BIGINT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trade_deals" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "post_id" UUID NOT NULL,
    "buyer_id" UUID NOT NULL,
    "price" BIGINT NOT NULL,
    "note" VARCHAR(600) NOT NULL DEFAULT '',
    "status" "trade_deal_status" NOT NULL DEFAULT 'IN_PROGRESS',
    "buyer_confirmed_at" TIMESTAMPTZ(3),
    "seller_confirmed_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "seller_acked_at" TIMESTAMPTZ(3),
    "message_count" INTEGER NOT NULL DEFAULT 0,
    "last_message_at" TIMESTAMPTZ(3),
    "buyer_read_seq" INTEGER NOT NULL DEFAULT 0,
    "seller_read_seq" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_deals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trade_chat_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "deal_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "sender_id" UUID NOT NULL,
    "client_id" VARCHAR(64) NOT NULL,
    "text" VARCHAR(1000) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "trade_chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vendor_ads" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" VARCHAR(60) NOT NULL,
    "email" VARCHAR(254) NOT NULL DEFAULT '',
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "banner_url" VARCHAR(500) NOT NULL DEFAULT '',
    "open_chat_url" VARCHAR(500) NOT NULL DEFAULT '',
    "tags" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vendor_ads_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "trade_posts_board_created_at_id_idx" ON "trade_posts"("board", "created_at", "id");

-- CreateIndex
CREATE INDEX "trade_posts_seller_id_created_at_idx" ON "trade_posts"("seller_id", "created_at");

-- CreateIndex
CREATE INDEX "trade_deals_buyer_id_created_at_idx" ON "trade_deals"("buyer_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "trade_deals_post_id_buyer_id_key" ON "trade_deals"("post_id", "buyer_id");

-- CreateIndex
CREATE INDEX "trade_chat_messages_sender_id_idx" ON "trade_chat_messages"("sender_id");

-- CreateIndex
CREATE UNIQUE INDEX "trade_chat_messages_deal_id_seq_key" ON "trade_chat_messages"("deal_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "trade_chat_messages_deal_id_client_id_key" ON "trade_chat_messages"("deal_id", "client_id");

-- CreateIndex
CREATE INDEX "vendor_ads_is_active_updated_at_idx" ON "vendor_ads"("is_active", "updated_at");

-- AddForeignKey
ALTER TABLE "trade_profiles" ADD CONSTRAINT "trade_profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_posts" ADD CONSTRAINT "trade_posts_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_deals" ADD CONSTRAINT "trade_deals_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "trade_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_deals" ADD CONSTRAINT "trade_deals_buyer_id_fkey" FOREIGN KEY ("buyer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_chat_messages" ADD CONSTRAINT "trade_chat_messages_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "trade_deals"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "trade_chat_messages" ADD CONSTRAINT "trade_chat_messages_sender_id_fkey" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
