-- Statistics reads (issue 4, part A): prefix search of nicknames and clan names for keywords too short for the
-- trigram indexes (1-2 characters). text_pattern_ops lets `LIKE 'ab%'` read a btree range under any collation.

-- CreateIndex
CREATE INDEX "players_nickname_prefix_idx" ON "players"("nickname" text_pattern_ops);

-- CreateIndex
CREATE INDEX "clans_name_prefix_idx" ON "clans"("name" text_pattern_ops);
