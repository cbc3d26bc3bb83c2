import type { AlertsSummary } from '../../contracts/trade.js';
import { databaseNow, unreadTotal } from './chat-service.js';
import { OPEN_DEAL } from './deal-queries.js';
import type { TradeDb } from './trade-db.js';

/**
 * The sidebar's trade alerts (§3 Trade alerts summary): the open deals that need the member (as seller, the
 * deals on their posts; as buyer, their own), and their unread chat messages. `asOf` is read first, so of two
 * summaries the later `asOf` saw every write the earlier one saw (the live push may deliver them out of order).
 */
export async function alertsSummary(db: TradeDb, memberId: string): Promise<AlertsSummary> {
  const asOf = await databaseNow(db);
  const [open, unread] = await Promise.all([
    db.$queryRaw<{ id: string }[]>`
      SELECT d.id FROM trade_deals d JOIN trade_posts p ON p.id = d.post_id
      WHERE (d.buyer_id = ${memberId}::uuid OR p.seller_id = ${memberId}::uuid) AND ${OPEN_DEAL}
      ORDER BY d.created_at, d.id`,
    unreadTotal(db, memberId),
  ]);
  return { ok: true, openDealIds: open.map((row) => row.id), unreadChats: unread, asOf };
}
