import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import type { TradePost, TradePostState } from '../api/trade-types';
import { ConfirmDialog } from './ConfirmDialog';

const t = tradeKo.manage;

/**
 * The seller's controls of their post: edit, reserve for a buyer (and reopen), mark sold, withdraw. Sold and
 * withdrawn are final and close the open applications, so they ask first; a completed post takes no changes.
 */
export function PostManagePanel({ post, readOnly }: { post: TradePost; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'sold' | 'withdrawn' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const finished = post.statusCode === 'completed' || post.state === 'sold' || post.state === 'withdrawn';
  const set = async (state: TradePostState) => {
    await tradeApi.setPostState(post._id, state);
    await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
  };
  if (finished) return <p className="muted" data-testid="post-manage">{t.finished}</p>;
  if (readOnly) return null;
  const reserved = post.state === 'reserved';
  return (
    <section className="trade-card trade-manage" aria-label={t.title} data-testid="post-manage">
      <h2>{t.title}</h2>
      <div className="trade-manage__buttons">
        <Link className="button" to={`/trade/user/${post._id}/edit`}>{t.edit}</Link>
        <button type="button" className="button" onClick={() => void set(reserved ? 'open' : 'reserved').catch(setFailure)}>
          {reserved ? t.unreserve : t.reserve}
        </button>
        <button type="button" className="button" onClick={() => setAsking('sold')}>{t.sold}</button>
        <button type="button" className="button button--quiet-danger" onClick={() => setAsking('withdrawn')}>{t.withdraw}</button>
      </div>
      {reserved && <p className="muted trade-manage__hint">{t.reservedHint}</p>}
      {failure !== null && <p className="trade-error" role="alert">{tradeFailureText(failure, t.failed)}</p>}
      {asking && (
        <ConfirmDialog title={asking === 'sold' ? t.confirmTitleSold : t.confirmTitleWithdraw} confirmLabel={t.confirmYes}
          busyLabel={tradeKo.endDeal.submitting} failedLabel={t.failed} danger={asking === 'withdrawn'}
          action={() => set(asking)} onClose={() => setAsking(null)}>
          <p>{asking === 'sold' ? t.confirmSold : t.confirmWithdraw}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
