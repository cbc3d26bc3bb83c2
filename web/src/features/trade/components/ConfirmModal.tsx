import { useQueryClient } from '@tanstack/react-query';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import { ConfirmDialog } from './ConfirmDialog';

const t = tradeKo.confirm;

interface ConfirmModalProps {
  postId: string;
  dealId: string;
  onClose(): void;
  onConfirmed?(): void;
}

/**
 * The completion confirmation (docs/product/trade.md#confirming-completion): the deal completes once both parties have
 * confirmed; never reverted.
 */
export function ConfirmModal({ postId, dealId, onClose, onConfirmed }: ConfirmModalProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog title={t.title} confirmLabel={t.submit} busyLabel={t.submitting} failedLabel={t.failed} onClose={onClose}
      action={async () => {
        await tradeApi.confirm(postId, dealId);
        await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      }}
      onDone={onConfirmed}>
      <p>{t.body}</p>
    </ConfirmDialog>
  );
}
