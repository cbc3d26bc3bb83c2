import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ko } from '../../../i18n/ko';
import { formatKoreanUnits } from '../../../lib/korean-units';
import { useSessionStore } from '../../../stores/session';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { tradeApi } from '../api/trade-api';
import { retryAfterOf, tradeFailureText } from '../api/trade-errors';
import { tradeKeys } from '../api/trade-keys';
import { cooldownLeft, POST_RULES, postFormErrors, type PostFieldError } from '../lib/post-rules';
import { readLastPostAt, writeLastPostAt } from '../lib/trade-storage';
import '../trade.css';

const t = ko.trade.write;

const FIELD_MESSAGES: Record<PostFieldError, string> = {
  titleHangul: t.titleHangul,
  contentHangul: t.contentHangul,
  priceDigits: t.priceDigits,
  priceMin: t.priceMin(POST_RULES.minPrice),
};

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

/** /trade/user/new: the sell form with live validation and the 20-minute cooldown (§5). */
export default function TradeWritePage() {
  const signedIn = useSessionStore((state) => state.token !== null);
  const userId = useSessionStore((state) => state.user?.userId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ title: '', content: '', price: '' });
  const [touched, setTouched] = useState<Record<keyof typeof form, boolean>>({ title: false, content: false, price: false });
  const [cooldown, restartCooldown] = useCooldown(userId);
  useDocumentTitle(t.title);

  const mutation = useMutation({
    mutationFn: () => tradeApi.createPost({ title: form.title, content: form.content, price: form.price.trim() }),
    onSuccess: async (result) => {
      restartCooldown(Date.now());
      await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      navigate(`/trade/user/${result.post._id}`);
    },
    onError: (error) => {
      // The server's retryAfter resets the countdown (§4 Post cooldown).
      const retryAfter = retryAfterOf(error);
      if (retryAfter !== null) restartCooldown(Date.now() - (POST_RULES.postCooldownSeconds - retryAfter) * 1000);
    },
  });

  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent('/trade/user/new')}`} replace />;

  const errors = postFormErrors(form);
  const show = (field: PostFieldError, key: keyof typeof form) =>
    touched[key] && errors.includes(field) ? <span className="trade-field__error">{FIELD_MESSAGES[field]}</span> : null;
  const update = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setTouched((current) => ({ ...current, [key]: true }));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ title: true, content: true, price: true });
    if (errors.length === 0 && cooldown === 0 && !mutation.isPending) mutation.mutate();
  };
  const retryAfter = retryAfterOf(mutation.error);
  const priceOk = !errors.includes('priceDigits') && form.price.trim() !== '';

  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <form className="trade-form trade-card" onSubmit={handleSubmit} noValidate>
        <label className="trade-field">
          <span>{t.fieldTitle}</span>
          <input value={form.title} onChange={update('title')} placeholder={t.titlePlaceholder} maxLength={100} />
          {show('titleHangul', 'title')}
        </label>
        <label className="trade-field">
          <span>{t.fieldContent}</span>
          <textarea value={form.content} onChange={update('content')} placeholder={t.contentPlaceholder} rows={8} maxLength={5000} />
          {show('contentHangul', 'content')}
        </label>
        <label className="trade-field">
          <span>{t.fieldPrice}</span>
          <input value={form.price} onChange={update('price')} placeholder={t.pricePlaceholder} inputMode="numeric" maxLength={13} />
          {show('priceDigits', 'price')}
          {show('priceMin', 'price')}
          {priceOk && <span className="trade-field__hint">{t.pricePreview(formatKoreanUnits(Number(form.price.trim())))}</span>}
        </label>
        {cooldown > 0 && <p className="trade-banner" data-testid="post-cooldown">{t.cooldown(cooldown)}</p>}
        {mutation.isError && (
          <p className="trade-error" role="alert">
            {tradeFailureText(mutation.error, t.failed)} {retryAfter !== null && t.retryIn(retryAfter)}
          </p>
        )}
        <div className="trade-form__actions">
          <button type="button" className="button" onClick={() => navigate(-1)}>{t.cancel}</button>
          <button type="submit" className="button button--primary" disabled={errors.length > 0 || cooldown > 0 || mutation.isPending}>
            {mutation.isPending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
