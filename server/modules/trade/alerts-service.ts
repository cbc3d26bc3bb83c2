import type { Db } from '../../db/client.js';
import type { AlertsSummary } from '../../contracts/trade.js';
import { databaseNow, unreadTotal } from './chat-service.js';
import { OPEN_DEAL } from './deal-queries.js';


/**
 * The sidebar's trade alerts (docs/product/trade.md#alert-summary): the open deals that need the member (as seller, the
 * deals on their posts; as buyer, their own), and their unread chat messages. `newApplicationDealIds` is the seller's
 * side alone: open deals on the member's posts that the seller has not opened yet (the list page's new-applications
 * banner; a buyer's own deals are no news to them). `asOf` is read first, so of two summaries the later `asOf` saw
 * every write the earlier one saw (the live push may deliver them out of order).
 */
export async function alertsSummary(db: Db, memberId: string): Promise<AlertsSummary> {
  const asOf = await databaseNow(db);
  const [open, unread] = await Promise.all([
    db.$queryRaw<{ id: string; newApplication: boolean }[]>`
      SELECT d.id, (p.seller_id = ${memberId}::uuid AND d.seller_acked_at IS NULL) AS "newApplication"
      FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE (d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid) AND ${OPEN_DEAL}
      ORDER BY d.created_at, d.id`,
    unreadTotal(db, memberId),
  ]);
  return {
    ok: true,
    openDealIds: open.map((row) => row.id),
    newApplicationDealIds: open.filter((row) => row.newApplication).map((row) => row.id),
    unreadChats: unread,
    asOf,
  };
}
