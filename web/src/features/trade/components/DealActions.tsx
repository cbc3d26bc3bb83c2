import { useState } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { formatShortDateTime } from '../../../lib/korean-date';
import type { DealEndAction } from '../api/trade-api';
import type { Confirmations, DealParty, DealStatus } from '../api/trade-types';
import { ConfirmModal } from './ConfirmModal';
import { EndDealModal } from './EndDealModal';
import { TRADE } from '../lib/trade-constants';

const t = tradeKo;

/** What the controls need of a deal (a Deal, or a chat's header). */
export interface DealView {
  status: DealStatus;
  confirmations: Confirmations;
  endedBy: DealParty | null;
  endReason: string | null;
  expiresAt: string | null;
}

interface DealActionsProps {
  postId: string;
  dealId: string;
  role: 'buyer' | 'seller';
  deal: DealView;
  /** Label of the complete button (the applicant list uses a short one). */
  completeLabel?: string;
  /** The member may look but not act (restricted from trading): the state is shown without buttons. */
  readOnly?: boolean;
  /** Called after this party's change was stored (a confirmation, or an end). */
  onChanged?(): void;
}

/** How a deal ended, with the reason a party gave. */
export function DealEndNote({ deal }: { deal: DealView }) {
  if (deal.status === 'COMPLETED') return <span className="trade-deal-state trade-colour--grey" data-testid="deal-state">{t.post.dealDone}</span>;
  const text = deal.status === 'CANCELLED' ? t.dealEnd.CANCELLED(deal.endedBy)
    : deal.status === 'EXPIRED' ? t.dealEnd.EXPIRED(TRADE.dealExpiryHours)
      : deal.status === 'IN_PROGRESS' ? '' : t.dealEnd[deal.status];
  return (
    <span className="trade-deal-state trade-deal-state--ended" data-testid="deal-state" data-status={deal.status}>
      {text}
      {deal.endReason && <span className="trade-deal-state__reason">{t.dealEnd.reason(deal.endReason)}</span>}
    </span>
  );
}

/**
 * A party's controls of one deal. Open: the complete button (or the my-completion-pending state once confirmed),
 * and the way out that fits the stage: before anyone confirmed the seller rejects and the buyer withdraws; once
 * one side confirmed either may cancel, with a reason. With when it expires if nothing happens. Ended: how.
 */
export function DealActions({ postId, dealId, role, deal, completeLabel, readOnly = false, onChanged }: DealActionsProps) {
  const [dialog, setDialog] = useState<'confirm' | DealEndAction | null>(null);
  if (deal.status !== 'IN_PROGRESS') return <DealEndNote deal={deal} />;
  const mine = deal.confirmations[role];
  const theirs = deal.confirmations[role === 'buyer' ? 'seller' : 'buyer'];
  const endAction: DealEndAction = mine || theirs ? 'cancel' : role === 'seller' ? 'reject' : 'withdraw';
  return (
    <div className="trade-deal-actions" data-testid="deal-actions">
      {mine && <span className="trade-deal-state trade-colour--yellow" data-testid="completion-pending">{t.post.myCompletionPending}</span>}
      {!mine && theirs && <span className="trade-deal-state trade-colour--blue">{t.post.otherConfirmed}</span>}
      {!readOnly && !mine && (
        <button type="button" className="button button--primary" onClick={() => setDialog('confirm')}>{completeLabel ?? t.post.complete}</button>
      )}
      {!readOnly && (
        <button type="button" className="button button--quiet-danger" onClick={() => setDialog(endAction)}>{t.endDeal[endAction]}</button>
      )}
      {deal.expiresAt && <span className="trade-deal-expiry muted">{t.dealEnd.expiresAt(formatShortDateTime(deal.expiresAt))}</span>}
      {dialog === 'confirm' && <ConfirmModal postId={postId} dealId={dealId} onClose={() => setDialog(null)} onConfirmed={onChanged} />}
      {dialog && dialog !== 'confirm' && (
        <EndDealModal postId={postId} dealId={dealId} action={dialog} onClose={() => setDialog(null)} onEnded={onChanged} />
      )}
    </div>
  );
}
