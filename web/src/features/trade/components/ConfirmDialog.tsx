import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { tradeFailureText } from '../api/trade-errors';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  failedLabel: string;
  /** A destructive step (red button). */
  danger?: boolean;
  /** The call the member confirms; the dialog closes when it succeeds and shows its failure otherwise. */
  action(): Promise<unknown>;
  onDone?(): void;
  onClose(): void;
}

/** Asks before a step that cannot be undone, runs it, and says why when it fails. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel, failedLabel, danger, action, onDone, onClose }: ConfirmDialogProps) {
  const mutation = useMutation({
    mutationFn: action,
    onSuccess: () => {
      onDone?.();
      onClose();
    },
  });
  return (
    <Modal title={title} onClose={onClose}>
      {children}
      {mutation.isError && <p className="trade-error" role="alert">{tradeFailureText(mutation.error, failedLabel)}</p>}
      <div className="trade-form__actions">
        <button type="button" className="button" onClick={onClose}>{tradeKo.common.cancel}</button>
        <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} disabled={mutation.isPending}
          onClick={() => mutation.mutate()}>
          {mutation.isPending ? busyLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
