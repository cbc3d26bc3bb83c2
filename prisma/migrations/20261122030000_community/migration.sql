-- Community (issue 6 "Boards and notices"): board posts and notices, comments and replies, likes, view records,
-- non-member password lockouts, suggestions and exclusion requests.

-- CreateTable
CREATE TABLE "board_posts" (
    "id" SERIAL NOT NULL,
    "category" VARCHAR(20) NOT NULL,
    "title" VARCHAR(100) NOT NULL,
    "content" TEXT NOT NULL,
    "nickname" VARCHAR(20) NOT NULL,
    "author_id" UUID,
    "is_official" BOOLEAN NOT NULL DEFAULT false,
    "password_hash" TEXT,
    "likes" INTEGER NOT NULL DEFAULT 0,
    "views" INTEGER NOT NULL DEFAULT 0,
    "show_popup" BOOLEAN NOT NULL DEFAULT false,
    "popup_content" TEXT,
    "popup_start" TIMESTAMPTZ(3),
    "popup_end" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "board_comments" (
    "id" SERIAL NOT NULL,
    "post_id" INTEGER NOT NULL,
    "parent_id" INTEGER,
    "content" VARCHAR(1000) NOT NULL,
    "nickname" VARCHAR(20) NOT NULL,
    "author_id" UUID,
    "is_official" BOOLEAN NOT NULL DEFAULT false,
    "password_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "board_likes" (
    "post_id" INTEGER NOT NULL,
    "voter_key" VARCHAR(80) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_likes_pkey" PRIMARY KEY ("post_id","voter_key")
);

-- CreateTable
CREATE TABLE "board_views" (
    "post_id" INTEGER NOT NULL,
    "viewer_key" VARCHAR(80) NOT NULL,
    "viewed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_views_pkey" PRIMARY KEY ("post_id","viewer_key")
);

-- CreateTable
CREATE TABLE "board_password_attempts" (
    "post_id" INTEGER NOT NULL,
    "ip" VARCHAR(64) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "window_started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "board_password_attempts_pkey" PRIMARY KEY ("post_id","ip")
);

-- CreateTable
CREATE TABLE "suggestions" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "nickname" VARCHAR(20),
    "content" VARCHAR(5000) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exclusion_requests" (
    "id" SERIAL NOT NULL,
    "nickname" CITEXT NOT NULL,
    "clan_name" VARCHAR(40) NOT NULL,
    "reason" VARCHAR(2000) NOT NULL,
    "proof" VARCHAR(1000),
    "ip" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "exclusion_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "board_posts_category_created_at_id_idx" ON "board_posts"("category", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "board_posts_created_at_idx" ON "board_posts"("created_at");

-- CreateIndex
CREATE INDEX "board_posts_author_id_idx" ON "board_posts"("author_id");

-- CreateIndex
CREATE INDEX "board_comments_post_id_created_at_id_idx" ON "board_comments"("post_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "board_comments_parent_id_idx" ON "board_comments"("parent_id");

-- CreateIndex
CREATE INDEX "board_comments_author_id_idx" ON "board_comments"("author_id");

-- CreateIndex
CREATE INDEX "exclusion_requests_nickname_created_at_idx" ON "exclusion_requests"("nickname", "created_at");

-- CreateIndex
CREATE INDEX "exclusion_requests_ip_created_at_idx" ON "exclusion_requests"("ip", "created_at");

-- AddForeignKey
ALTER TABLE "board_posts" ADD CONSTRAINT "board_posts_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "board_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "board_comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "board_comments" ADD CONSTRAINT "board_comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "board_likes" ADD CONSTRAINT "board_likes_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "board_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "board_views" ADD CONSTRAINT "board_views_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "board_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "board_password_attempts" ADD CONSTRAINT "board_password_attempts_post_id_fkey" FOREIGN KEY ("post_id") REFERENCES "board_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
