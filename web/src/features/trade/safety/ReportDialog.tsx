import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import type { ReportReason } from '../api/trade-types';
import { Modal } from '../components/Modal';

const t = tradeKo.safety;
const REASONS: ReportReason[] = ['fraud', 'abuse', 'outside_contact', 'spam', 'other'];

interface ReportDialogProps {
  /** A member, or one chat message (of the member's own deal). */
  target: { userId: string; nickname: string } | { messageId: string; nickname: string; text: string };
  onClose(): void;
}

/** Reports a member or a chat message to the admins: a reason (and words, required for "other"). */
export function ReportDialog({ target, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>('fraud');
  const [detail, setDetail] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason === 'other' && detail.trim().length < 2;
  const mutation = useMutation({
    mutationFn: () => tradeApi.report({
      ...('messageId' in target ? { messageId: target.messageId } : { targetUserId: target.userId }),
      reason,
      detail: detail.trim(),
    }),
  });
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!missing && !mutation.isPending) mutation.mutate();
  };
  return (
    <Modal title={'messageId' in target ? t.reportMessage : t.reportTitle} onClose={onClose}>
      {mutation.isSuccess ? (
        <div className="trade-form">
          <p role="status" data-testid="report-done">{mutation.data.message}</p>
          <div className="trade-form__actions"><button type="button" className="button" onClick={onClose}>{tradeKo.common.close}</button></div>
        </div>
      ) : (
        <form className="trade-form" onSubmit={handleSubmit} noValidate>
          <p className="muted">{t.reportTarget(target.nickname)}</p>
          {'messageId' in target && <blockquote className="trade-report__quote">{target.text}</blockquote>}
          <fieldset className="trade-field trade-report__reasons">
            <legend>{t.reasonLabel}</legend>
            {REASONS.map((option) => (
              <label key={option} className="trade-check">
                <input type="radio" name="report-reason" value={option} checked={reason === option} onChange={() => setReason(option)} />
                {t.reasons[option]}
              </label>
            ))}
          </fieldset>
          <label className="trade-field">
            <span>{t.detailLabel}</span>
            <textarea value={detail} rows={3} maxLength={1000} placeholder={t.detailPlaceholder} onChange={(event) => setDetail(event.target.value)}
              aria-invalid={touched && missing} />
            {touched && missing && <span className="trade-field__error">{t.detailMissing}</span>}
          </label>
          {mutation.isError && <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p>}
          <div className="trade-form__actions">
            <button type="button" className="button" onClick={onClose}>{tradeKo.common.cancel}</button>
            <button type="submit" className="button button--danger" disabled={mutation.isPending}>{mutation.isPending ? t.submitting : t.submit}</button>
          </div>
        </form>
      )}
    </Modal>
  );
}
