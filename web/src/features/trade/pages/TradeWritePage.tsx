import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi, type PostFields } from '../api/trade-api';
import { retryAfterOf, tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import { PostForm } from '../components/PostForm';
import { TRADE_LIMITS } from '@shared/rules/trade';
import { cooldownLeft } from '../lib/post-rules';
import { readLastPostAt, writeLastPostAt } from '../lib/trade-storage';
import { TradeStandingNotice } from '../standing/TradeStandingNotice';
import { useTradeStanding } from '../standing/use-trade-standing';
import '../trade.css';

const t = tradeKo.write;

/** Seconds of cooldown left for this member, ticking every second. */
function useCooldown(userId: string | undefined): [number, (lastPostAt: number) => void] {
  const [lastPostAt, setLastPostAt] = useState(() => readLastPostAt(userId));
  const [now, setNow] = useState(Date.now);
  const left = cooldownLeft(lastPostAt, now);
  const ticking = left > 0;
  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  const restart = (at: number) => {
    writeLastPostAt(userId, at);
    setLastPostAt(at);
    setNow(Date.now());
  };
  return [left, restart];
}

/**
 * /trade/user/new: the sell form with live validation and the 20-minute cooldown (docs/product/trade.md#post-cooldown).
 * The wait is said once, by the countdown (a refusal for the cooldown resets it rather than adding a second message); a
 * member who may not trade sees why before typing and cannot send.
 */
export default function TradeWritePage() {
  const signedIn = useSessionStore((state) => state.token !== null);
  const userId = useSessionStore((state) => state.user?.userId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const standing = useTradeStanding();
  const [cooldown, restartCooldown] = useCooldown(userId);
  useDocumentTitle(t.title);

  const mutation = useMutation({
    mutationFn: (fields: PostFields) => tradeApi.createPost(fields),
    onSuccess: async (result) => {
      restartCooldown(Date.now());
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      navigate(`/trade/user/${result.post._id}`);
    },
    onError: (error) => {
      // The server's retryAfter resets the countdown.
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== null) restartCooldown(Date.now() - (TRADE_LIMITS.postCooldownSeconds - retryAfter) * 1000);
    },
  });

  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent('/trade/user/new')}`} replace />;
  const cannotTrade = standing !== undefined && !standing.canTrade;
  const failure = mutation.isError && retryAfterOf(mutation.error) === null
    ? <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p>
    : null;
  const blocked = cannotTrade
    ? <span className="trade-field__hint">{t.cannotTrade}</span>
    : cooldown > 0 ? <p className="trade-banner" data-testid="post-cooldown">{t.cooldown(cooldown)}</p> : null;

  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <TradeStandingNotice />
      <PostForm submitLabel={t.submit} busyLabel={t.submitting} busy={mutation.isPending} blocked={blocked} failure={failure}
        onSubmit={(fields) => mutation.mutate(fields)} />
    </section>
  );
}
