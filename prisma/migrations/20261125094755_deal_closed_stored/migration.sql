-- Deals left open on a post another buyer's deal completed were closed by derivation; they are CLOSED now, ended
-- when that deal completed. (A value added to an enum can only be used once its transaction has committed, so
-- this runs in its own migration.)
UPDATE "trade_deals" AS d
SET "status" = 'CLOSED', "ended_at" = w."completed_at"
FROM "trade_deals" AS w
WHERE w."post_id" = d."post_id" AND w."status" = 'COMPLETED' AND d."status" = 'IN_PROGRESS';
