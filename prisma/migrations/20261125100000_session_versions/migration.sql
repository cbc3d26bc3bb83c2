-- Every login token carries the member's session version; raising it ends every token issued before
-- (a password change, "log out everywhere"). Tokens issued before this column read as version 0.
ALTER TABLE "users" ADD COLUMN "session_version" INTEGER NOT NULL DEFAULT 0;
