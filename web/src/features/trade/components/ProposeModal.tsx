import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { tradeKo } from '../../../i18n/trade';
import { formatKoreanUnits } from '../../../lib/korean-units';
import { tradeApi } from '../api/trade-api';
import { tradeFailureText } from '../api/trade-errors';
import { isAffiliationValid, isQuantityValid, proposalNote } from '../lib/post-rules';
import { Modal } from './Modal';

const t = tradeKo.propose;

interface ProposeModalProps {
  postId: string;
  onClose(): void;
  onProposed(dealId: string): void;
}

/**
 * The propose-deal form (docs/product/trade.md#proposing-a-deal): affiliation/nickname, desired quantity (digits),
 * memo; note = "[affiliation] memo".
 */
export function ProposeModal({ postId, onClose, onProposed }: ProposeModalProps) {
  const [affiliation, setAffiliation] = useState('');
  const [quantity, setQuantity] = useState('');
  const [memo, setMemo] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useMutation({
    mutationFn: () => tradeApi.propose(postId, { price: quantity.trim(), note: proposalNote(affiliation, memo) }),
    onSuccess: (result) => onProposed(result.dealId),
  });
  const affiliationOk = isAffiliationValid(affiliation);
  const quantityOk = isQuantityValid(quantity);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (affiliationOk && quantityOk && !mutation.isPending) mutation.mutate();
  };

  return (
    <Modal title={t.title} onClose={onClose}>
      <form className="trade-form" onSubmit={handleSubmit} noValidate>
        <label className="trade-field">
          <span>{t.affiliation}</span>
          <input value={affiliation} onChange={(event) => setAffiliation(event.target.value)} placeholder={t.affiliationPlaceholder}
            maxLength={40} aria-invalid={touched && !affiliationOk} />
          {(touched || affiliation) && !affiliationOk && <span className="trade-field__error">{t.affiliationRule}</span>}
        </label>
        <label className="trade-field">
          <span>{t.quantity}</span>
          <input value={quantity} onChange={(event) => setQuantity(event.target.value)} placeholder={t.quantityPlaceholder}
            inputMode="numeric" maxLength={13} aria-invalid={touched && !quantityOk} />
          {(touched || quantity) && !quantityOk && <span className="trade-field__error">{t.quantityRule}</span>}
          {quantityOk && <span className="trade-field__hint">{tradeKo.write.pricePreview(formatKoreanUnits(Number(quantity)))}</span>}
        </label>
        <label className="trade-field">
          <span>{t.memo}</span>
          <textarea value={memo} onChange={(event) => setMemo(event.target.value)} placeholder={t.memoPlaceholder} rows={3} maxLength={500} />
        </label>
        {mutation.isError && <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p>}
        <div className="trade-form__actions">
          <button type="button" className="button" onClick={onClose}>{tradeKo.common.cancel}</button>
          <button type="submit" className="button button--primary" disabled={mutation.isPending || (touched && (!affiliationOk || !quantityOk))}>
            {mutation.isPending ? t.submitting : t.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
