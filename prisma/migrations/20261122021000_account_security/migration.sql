-- Accounts (issue 6): consent times and deletion on users, e-mail verification links, login throttles and
-- redeemed robot-check challenges.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "terms_agreed_at" TIMESTAMPTZ(3),
ADD COLUMN "privacy_agreed_at" TIMESTAMPTZ(3),
ADD COLUMN "deleted_at" TIMESTAMPTZ(3);

-- CreateEnum
CREATE TYPE "login_throttle_scope" AS ENUM ('account', 'ip');

-- CreateTable
CREATE TABLE "email_verification_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_verification_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "scope" "login_throttle_scope" NOT NULL,
    "subject" VARCHAR(320) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3),

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("scope","subject")
);

-- CreateTable
CREATE TABLE "captcha_redemptions" (
    "challenge_id" VARCHAR(128) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "captcha_redemptions_pkey" PRIMARY KEY ("challenge_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "email_verification_tokens_token_hash_key" ON "email_verification_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "email_verification_tokens_user_id_created_at_idx" ON "email_verification_tokens"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "login_throttles_last_failure_at_idx" ON "login_throttles"("last_failure_at");

-- CreateIndex
CREATE INDEX "captcha_redemptions_expires_at_idx" ON "captcha_redemptions"("expires_at");

-- AddForeignKey
ALTER TABLE "email_verification_tokens" ADD CONSTRAINT "email_verification_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
