import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi } from '../api/trade-api';
import { tradeKeys } from '../api/trade-keys';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ReportDialog } from './ReportDialog';

const t = tradeKo.safety;

/** The member's blocks, read once and shared by every page that offers to block. */
export function useBlocks(enabled: boolean) {
  return useQuery({ queryKey: tradeKeys.blocks(), queryFn: tradeApi.blocks, enabled, staleTime: 60_000 });
}

/**
 * Report and block for another member (a seller on their post, the other party in a chat). Blocking asks first
 * and says what it does; a blocked member shows as such with the way back.
 */
export function MemberSafetyActions({ userId, nickname }: { userId: string; nickname: string }) {
  const queryClient = useQueryClient();
  const blocks = useBlocks(true);
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const blocked = blocks.data?.items.some((item) => item.userId === userId) ?? false;
  const refresh = () => queryClient.invalidateQueries({ queryKey: tradeKeys.all });
  return (
    <span className="trade-safety" data-testid="member-safety">
      <button type="button" className="button button--small button--quiet-danger" onClick={() => setDialog('report')}>{t.reportMember}</button>
      {blocked ? (
        <>
          <span className="muted">{t.blocked}</span>
          <button type="button" className="button button--small" onClick={() => void tradeApi.unblock(userId).then(refresh)}>{t.unblock}</button>
        </>
      ) : (
        <button type="button" className="button button--small" onClick={() => setDialog('block')}>{t.block}</button>
      )}
      {dialog === 'report' && <ReportDialog target={{ userId, nickname }} onClose={() => setDialog(null)} />}
      {dialog === 'block' && (
        <ConfirmDialog title={t.blockTitle} confirmLabel={t.blockYes} busyLabel={t.submitting} failedLabel={t.blockFailed} danger
          action={() => tradeApi.block(userId)} onDone={() => void refresh()} onClose={() => setDialog(null)}>
          <p>{t.blockConfirm(nickname)}</p>
        </ConfirmDialog>
      )}
    </span>
  );
}
