import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { tradeKo } from '../../../i18n/trade';
import { formatDateTime } from '../../../lib/korean-date';
import { accountApi, serverMessageOf } from '../../account/account-api';
import { useTradeStanding } from './use-trade-standing';

const t = tradeKo.standing;

/**
 * On every trade page of a member who may not trade: a restriction with its reason and its end (read-only access
 * to their chats stays), or an e-mail still to verify with a button that sends the link again. Shown before the
 * member fills in anything.
 */
export function TradeStandingNotice() {
  const standing = useTradeStanding();
  const resend = useMutation({ mutationFn: accountApi.resendVerification });
  if (!standing) return null;
  if (standing.restriction) {
    const { reason, until } = standing.restriction;
    return (
      <section className="trade-standing trade-standing--restricted" role="alert" data-testid="trade-restriction">
        <strong>{t.restrictedTitle}</strong>
        {reason && <span>{t.reason(reason)}</span>}
        <span data-testid="trade-restriction-until">{until ? t.until(formatDateTime(until)) : t.untilLifted}</span>
        <span className="muted">{t.restrictedHelp}</span>
      </section>
    );
  }
  if (standing.emailVerified) return null;
  return (
    <section className="trade-standing" role="status" data-testid="trade-unverified">
      <strong>{t.unverifiedTitle}</strong>
      <span>{t.unverifiedBody}</span>
      <span className="trade-standing__actions">
        <button type="button" className="button button--small" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? t.resending : t.resend}
        </button>
        <Link to="/mypage">{t.goMyPage}</Link>
      </span>
      {resend.isSuccess && <span className="muted" role="status">{resend.data.message}</span>}
      {resend.isError && <span className="trade-error" role="alert">{serverMessageOf(resend.error, ko.common.networkError)}</span>}
    </section>
  );
}
