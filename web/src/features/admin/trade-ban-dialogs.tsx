import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { tradeKo } from '../../i18n/trade';
import { ConfirmDialog } from '../trade/components/ConfirmDialog';
import { Modal } from '../trade/components/Modal';
import { tradeKeys } from '../trade/api/trade-keys';
import type { AdminTrustItem } from '../trade/api/trade-types';
import { tradeAdminApi } from './trade-admin-api';

const t = tradeKo.adminTrust;

/** The lengths offered, in days; 'permanent' holds until an admin lifts it. */
const DURATIONS = [1, 3, 7, 30, 'permanent'] as const;
type Duration = (typeof DURATIONS)[number];

const durationLabel = (duration: Duration) => (duration === 'permanent' ? t.permanent : t.days(duration));

interface BanDialogProps {
  item: AdminTrustItem;
  onClose(): void;
}

/**
 * Restricting a member's trading takes three things: a reason (the member reads it), a length, and a second look
 * at what it will do (their open deals are cancelled) before it is confirmed. Every restriction is logged.
 */
export function BanDialog({ item, onClose }: BanDialogProps) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [duration, setDuration] = useState<Duration>(7);
  const [reviewing, setReviewing] = useState(false);
  const [touched, setTouched] = useState(false);
  const reasonOk = reason.trim().length >= 2 && reason.trim().length <= 200;
  const nickname = item.userId.nickname;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['trade', 'admin'] });

  if (reviewing) {
    return (
      <ConfirmDialog title={t.banTitle(nickname)} confirmLabel={t.banConfirm} busyLabel={t.working} failedLabel={t.failed} danger
        action={() => tradeAdminApi.ban({ email: item.userId.email, reason: reason.trim(), days: duration })}
        onDone={() => void refresh()} onClose={onClose}>
        <p data-testid="ban-review">{t.banReview(nickname, durationLabel(duration))}</p>
        <p className="muted">{tradeKo.standing.reason(reason.trim())}</p>
        <button type="button" className="button button--small" onClick={() => setReviewing(false)}>{t.back}</button>
      </ConfirmDialog>
    );
  }
  const handleNext = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (reasonOk) setReviewing(true);
  };
  return (
    <Modal title={t.banTitle(nickname)} onClose={onClose}>
      <form className="trade-form" onSubmit={handleNext} noValidate>
        <label className="trade-field">
          <span>{t.banReason}</span>
          <textarea value={reason} rows={3} maxLength={200} placeholder={t.banReasonPlaceholder} onChange={(event) => setReason(event.target.value)}
            aria-invalid={touched && !reasonOk} />
          {touched && !reasonOk && <span className="trade-field__error">{t.banReasonRule}</span>}
        </label>
        <fieldset className="trade-field trade-report__reasons">
          <legend>{t.banDuration}</legend>
          {DURATIONS.map((option) => (
            <label key={option} className="trade-check">
              <input type="radio" name="ban-duration" checked={duration === option} onChange={() => setDuration(option)} />
              {durationLabel(option)}
            </label>
          ))}
        </fieldset>
        <div className="trade-form__actions">
          <button type="button" className="button" onClick={onClose}>{tradeKo.common.cancel}</button>
          <button type="submit" className="button button--primary">{t.next}</button>
        </div>
      </form>
    </Modal>
  );
}

/** Lifting a restriction asks first, with an optional note for the log. */
export function LiftBanDialog({ item, onClose }: BanDialogProps) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog title={t.liftTitle(item.userId.nickname)} confirmLabel={t.liftConfirm} busyLabel={t.working} failedLabel={t.failed}
      action={() => tradeAdminApi.liftBan({ email: item.userId.email, reason: note.trim() })}
      onDone={() => void queryClient.invalidateQueries({ queryKey: tradeKeys.adminTrustAll })} onClose={onClose}>
      <label className="trade-field">
        <span>{t.liftNote}</span>
        <textarea value={note} rows={2} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
