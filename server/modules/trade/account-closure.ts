import type { Prisma } from '../../db/generated/client.js';
import { serverMessages } from '../../lib/messages.js';
import { dealAnnouncer } from './deal-announcer.js';
import { cancelOpenDealsOf } from './deal-lifecycle-service.js';
import type { TradeDeps } from './trade-db.js';

/**
 * The trade module's part in deleting an account: inside the deletion's transaction, the leaving member's open
 * deals end as cancelled by them (the other party is told in the chat and live), so nobody waits on a deal with
 * an account that is gone. Returns what to announce once the deletion has committed.
 */
export function tradeAccountClosure(deps: TradeDeps) {
  const announce = dealAnnouncer(deps);
  return async function closeTradeOf(tx: Prisma.TransactionClient, memberId: string): Promise<() => Promise<void>> {
    const change = await cancelOpenDealsOf(tx, memberId, serverMessages.tradeEndReasonAccountDeleted);
    return () => announce(change);
  };
}
