import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi, type DealEndAction } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import { TRADE } from '../lib/trade-constants';
import { Modal } from './Modal';

const t = tradeKo.endDeal;

interface EndDealModalProps {
  postId: string;
  dealId: string;
  action: DealEndAction;
  onClose(): void;
  onEnded?(): void;
}

/** Asks before a deal ends: what it means, and the reason (required to cancel a deal under way, else optional). */
export function EndDealModal({ postId, dealId, action, onClose, onEnded }: EndDealModalProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const required = action === 'cancel';
  const missing = required && reason.trim().length === 0;
  const mutation = useMutation({
    mutationFn: () => tradeApi.endDeal(postId, dealId, action, reason.trim()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      onEnded?.();
      onClose();
    },
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing && !mutation.isPending) mutation.mutate();
  };
  return (
    <Modal title={t.titles[action]} onClose={onClose}>
      <form className="trade-form" onSubmit={handleSubmit} noValidate>
        <p>{t.bodies[action]}</p>
        <label className="trade-field">
          <span>{required ? t.reasonRequired : t.reasonOptional}</span>
          <textarea value={reason} rows={3} maxLength={TRADE.reasonMaxLength} placeholder={t.reasonPlaceholder}
            onChange={(event) => setReason(event.target.value)} aria-invalid={touched && missing} />
          {touched && missing && <span className="trade-field__error">{t.reasonMissing}</span>}
        </label>
        {mutation.isError && <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p>}
        <div className="trade-form__actions">
          <button type="button" className="button" onClick={onClose}>{tradeKo.common.cancel}</button>
          <button type="submit" className="button button--danger" disabled={mutation.isPending}>
            {mutation.isPending ? t.submitting : t.submit[action]}
          </button>
        </div>
      </form>
    </Modal>
  );
}
