import { useState } from 'react';
import { ko } from '../../../i18n/ko';
import type { Confirmations, DealStatus } from '../api/trade-types';
import { ConfirmModal } from './ConfirmModal';

const t = ko.trade.post;

interface DealCompletionProps {
  postId: string;
  dealId: string;
  role: 'buyer' | 'seller';
  status: DealStatus;
  closed: boolean;
  confirmations: Confirmations;
  /** Label of the button (the applicant list uses a short one). */
  buttonLabel?: string;
  /** Called after this party's confirmation was stored. */
  onConfirmed?(): void;
}

/**
 * A party's completion control: the complete button (opening the confirmation modal), the my-completion-pending
 * state once they confirmed and the other has not, and the done or closed state.
 */
export function DealCompletion({ postId, dealId, role, status, closed, confirmations, buttonLabel, onConfirmed }: DealCompletionProps) {
  const [open, setOpen] = useState(false);
  if (status === 'COMPLETED') return <span className="trade-deal-state trade-colour--grey">{t.dealDone}</span>;
  if (closed) return <span className="trade-deal-state muted">{t.dealClosed}</span>;
  const mine = confirmations[role];
  const theirs = confirmations[role === 'buyer' ? 'seller' : 'buyer'];
  if (mine) return <span className="trade-deal-state trade-colour--yellow" data-testid="completion-pending">{t.myCompletionPending}</span>;
  return (
    <>
      {theirs && <span className="trade-deal-state trade-colour--blue">{t.otherConfirmed}</span>}
      <button type="button" className="button button--primary" onClick={() => setOpen(true)}>{buttonLabel ?? t.complete}</button>
      {open && <ConfirmModal postId={postId} dealId={dealId} onClose={() => setOpen(false)} onConfirmed={onConfirmed} />}
    </>
  );
}
