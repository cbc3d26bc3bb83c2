import type { Transaction } from '../../db/client.js';
import { serverMessages } from '../../lib/messages.js';
import { announcePostChange, dealAnnouncer } from './deal-announcer.js';
import { cancelOpenDealsOf } from './deal-lifecycle-service.js';
import type { TradeDeps } from './trade-db.js';

/**
 * The trade module's part in deleting an account: inside the deletion's transaction, the leaving member's open
 * deals end as cancelled by them (the other party is told in the chat and live), so nobody waits on a deal with
 * an account that is gone, and their posts still on offer are withdrawn, so nobody applies to them. Returns what
 * to announce once the deletion has committed.
 */
export function tradeAccountClosure(deps: TradeDeps) {
  const announce = dealAnnouncer(deps);
  return async function closeTradeOf(tx: Transaction, memberId: string): Promise<() => Promise<void>> {
    const change = await cancelOpenDealsOf(tx, memberId, serverMessages.tradeEndReasonAccountDeleted);
    const withdrawn = await tx.$queryRaw<{ id: string }[]>`
      UPDATE trade_posts p SET state = 'WITHDRAWN', state_changed_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE p.seller_id = ${memberId}::uuid AND p.state IN ('OPEN', 'RESERVED')
        AND NOT EXISTS (SELECT 1 FROM trade_deals d WHERE d.post_id = p.id AND d.status = 'COMPLETED')
      RETURNING p.id`;
    return async () => {
      await announce(change);
      for (const { id } of withdrawn) await announcePostChange(deps, id, 'state');
    };
  };
}
