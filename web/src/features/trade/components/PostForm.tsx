import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { tradeKo } from '../../../i18n/trade';
import { formatKoreanUnits } from '../../../lib/korean-units';
import type { PostFields } from '../api/trade-api';
import { TRADE_LIMITS } from '@shared/rules/trade';
import { postFormErrors, type PostFieldError } from '../lib/post-rules';

const t = tradeKo.write;

const FIELD_MESSAGES: Record<PostFieldError, string> = {
  titleHangul: t.titleHangul,
  contentHangul: t.contentHangul,
  priceDigits: t.priceDigits,
  priceMin: t.priceMin(TRADE_LIMITS.minPrice),
};

interface PostFormProps {
  initial?: PostFields;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Something keeps the form from being sent (the cooldown, a restriction): shown above the buttons. */
  blocked?: ReactNode;
  /** The failure of the last send, shown once. */
  failure?: ReactNode;
  onSubmit(fields: PostFields): void;
}

/**
 * The sell form (write and edit) with the live checks (docs/product/trade.md#post-form-rules): 2+ Hangul in title and
 * content, price digits from 100 SP.
 */
export function PostForm({ initial, submitLabel, busyLabel, busy, blocked, failure, onSubmit }: PostFormProps) {
  const navigate = useNavigate();
  const [form, setForm] = useState<PostFields>(initial ?? { title: '', content: '', price: '' });
  const [touched, setTouched] = useState<Record<keyof PostFields, boolean>>({ title: false, content: false, price: false });
  const errors = postFormErrors(form);
  const show = (field: PostFieldError, key: keyof PostFields) =>
    touched[key] && errors.includes(field) ? <span className="trade-field__error">{FIELD_MESSAGES[field]}</span> : null;
  const update = (key: keyof PostFields) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setTouched((current) => ({ ...current, [key]: true }));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ title: true, content: true, price: true });
    if (errors.length === 0 && !blocked && !busy) onSubmit({ ...form, price: form.price.trim() });
  };
  const priceOk = !errors.includes('priceDigits') && form.price.trim() !== '';
  return (
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
      {blocked}
      {failure}
      <div className="trade-form__actions">
        <button type="button" className="button" onClick={() => navigate(-1)}>{t.cancel}</button>
        <button type="submit" className="button button--primary" disabled={errors.length > 0 || Boolean(blocked) || busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
