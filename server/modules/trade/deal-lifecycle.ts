import type { DealParty, DealStatus } from '../../contracts/trade.js';
import { serverMessages } from '../../lib/messages.js';

/**
 * The deal lifecycle as plain rules (no database): which party may do what in which state, and what a deal
 * becomes. A deal is open (IN_PROGRESS) from the application until it ends, once:
 *
 * - applied (nobody confirmed): the seller may reject it, the buyer withdraw it; nobody's trust figures change,
 *   since nothing was agreed yet. Either party confirming puts it under way.
 * - under way (one side confirmed): the other's confirmation completes it; either party may cancel it, with a
 *   reason (the cancel counts against the party who cancelled).
 * - any open deal expires after `DEAL_EXPIRY_HOURS` without a message or confirmation, closes when its post
 *   completes with another buyer (or is marked sold or withdrawn), and is cancelled when a party leaves the site
 *   or is restricted from trading.
 */

export type DealAction = 'confirm' | 'reject' | 'withdraw' | 'cancel';

/** The end state each ending action leads to. */
export const ACTION_END: Readonly<Record<Exclude<DealAction, 'confirm'>, 'REJECTED' | 'WITHDRAWN' | 'CANCELLED'>> = {
  reject: 'REJECTED',
  withdraw: 'WITHDRAWN',
  cancel: 'CANCELLED',
};

/** The chat notice each ending action leaves. */
export const ACTION_EVENT: Readonly<Record<Exclude<DealAction, 'confirm'>, 'rejected' | 'withdrawn' | 'cancelled'>> = {
  reject: 'rejected',
  withdraw: 'withdrawn',
  cancel: 'cancelled',
};

/** Who may take each action. */
const ACTION_PARTY: Readonly<Record<DealAction, DealParty | 'either'>> = {
  confirm: 'either',
  reject: 'seller',
  withdraw: 'buyer',
  cancel: 'either',
};

export interface DealState {
  status: DealStatus;
  confirmations: { buyer: boolean; seller: boolean };
  endedBy: DealParty | null;
}

/** Why an action is refused: the HTTP status, the stable code and the Korean message. */
export interface Refusal {
  status: 403 | 409;
  code: string;
  message: string;
}

export const isOpen = (status: DealStatus) => status === 'IN_PROGRESS';

/** Under way: open, and at least one party has confirmed. */
export const isUnderWay = (deal: Pick<DealState, 'status' | 'confirmations'>) =>
  isOpen(deal.status) && (deal.confirmations.buyer || deal.confirmations.seller);

/**
 * Whether `action` by `role` was already done: the deal ended exactly that way, by that party (a repeated click or
 * a resent request). Such a repeat answers the state as it is instead of a refusal.
 */
export function alreadyDone(deal: DealState, action: DealAction, role: DealParty): boolean {
  if (action === 'confirm') return deal.status === 'COMPLETED';
  return deal.status === ACTION_END[action] && deal.endedBy === role;
}

/** Null when `role` may take `action` on the deal now; else why not. Check `alreadyDone` first. */
export function refusalOf(deal: DealState, action: DealAction, role: DealParty): Refusal | null {
  const party = ACTION_PARTY[action];
  if (party === 'seller' && role !== 'seller') return { status: 403, code: 'seller_only', message: serverMessages.tradeSellerOnly };
  if (party === 'buyer' && role !== 'buyer') return { status: 403, code: 'buyer_only', message: serverMessages.tradeBuyerOnly };
  if (deal.status === 'COMPLETED') return { status: 409, code: 'deal_completed', message: serverMessages.tradeDealCompletedAlready };
  if (deal.status === 'EXPIRED') return { status: 409, code: 'deal_expired', message: serverMessages.tradeDealExpired };
  if (!isOpen(deal.status)) return { status: 409, code: 'deal_ended', message: serverMessages.tradeDealEnded };
  const underWay = isUnderWay(deal);
  if ((action === 'reject' || action === 'withdraw') && underWay) {
    return { status: 409, code: 'deal_under_way', message: serverMessages.tradeDealUnderWay };
  }
  if (action === 'cancel' && !underWay) {
    return { status: 409, code: 'deal_not_under_way', message: serverMessages.tradeDealNotUnderWay };
  }
  return null;
}
