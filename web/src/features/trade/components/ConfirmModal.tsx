import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ko } from '../../../i18n/ko';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import type { ConfirmResponse } from '../api/trade-types';
import { Modal } from './Modal';

const t = ko.trade.confirm;

interface ConfirmModalProps {
  postId: string;
  dealId: string;
  onClose(): void;
  onConfirmed?(result: ConfirmResponse): void;
}

/** The completion confirmation (§4): the deal completes once both parties have confirmed; never reverted. */
export function ConfirmModal({ postId, dealId, onClose, onConfirmed }: ConfirmModalProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => tradeApi.confirm(postId, dealId),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      onConfirmed?.(result);
      onClose();
    },
  });
  return (
    <Modal title={t.title} onClose={onClose}>
      <p>{t.body}</p>
      {mutation.isError && <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p>}
      <div className="trade-form__actions">
        <button type="button" className="button" onClick={onClose}>{ko.trade.common.cancel}</button>
        <button type="button" className="button button--primary" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
          {mutation.isPending ? t.submitting : t.submit}
        </button>
      </div>
    </Modal>
  );
}
