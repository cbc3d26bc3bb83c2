import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { tradeFailureText, failureStatus } from '../trade/api/trade-errors';
import { tradeKeys } from '../trade/api/trade-keys';
import type { AdminTrustItem } from '../trade/api/trade-types';
import '../trade/trade.css';
import { tradeAdminApi } from './trade-admin-api';

const t = ko.trade.adminTrust;

/** One member's row: verified-trade count (digits only, blank leaves it), trusted and restricted flags. */
function TrustRow({ item }: { item: AdminTrustItem }) {
  const queryClient = useQueryClient();
  const [previous, setPrevious] = useState(String(item.prevVerifiedCount));
  const [trusted, setTrusted] = useState(item.isTrusted);
  const [banned, setBanned] = useState(item.isBanned);
  const [result, setResult] = useState<string | null>(null);
  const previousOk = /^\d*$/.test(previous.trim());
  const mutation = useMutation({
    mutationFn: () => tradeAdminApi.updateTrust({ email: item.userId.email, prevVerifiedCount: previous.trim(), isTrusted: trusted, isBanned: banned }),
    onSuccess: (answer) => {
      setResult(answer.message || t.updated);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.adminTrustAll });
    },
    // §8: 'update complete', else the message or 'failed', or 'request failed' without an answer.
    onError: (error) => setResult(failureStatus(error) === 0 ? t.requestFailed : tradeFailureText(error, t.failed)),
  });
  return (
    <tr data-testid="trust-row">
      <td><strong>{item.userId.nickname}</strong><br /><span className="muted">{item.userId.email}</span></td>
      <td>{item.completedDeals} / {item.totalDeals}</td>
      <td>
        <input value={previous} onChange={(event) => setPrevious(event.target.value)} inputMode="numeric" size={5}
          aria-label={t.columns.previous} aria-invalid={!previousOk} />
        {!previousOk && <span className="trade-field__error">{t.previousRule}</span>}
      </td>
      <td><input type="checkbox" checked={trusted} onChange={(event) => setTrusted(event.target.checked)} aria-label={t.columns.trusted} /></td>
      <td><input type="checkbox" checked={banned} onChange={(event) => setBanned(event.target.checked)} aria-label={t.columns.banned} /></td>
      <td>
        <button type="button" className="button" disabled={!previousOk || mutation.isPending} onClick={() => mutation.mutate()}>{t.save}</button>
        {result && <span className="muted trade-admin__result" role="status">{result}</span>}
      </td>
    </tr>
  );
}

/** /admin/trust: find members and set their trust, verified-trade count and trade restriction (the server checks the role). */
export default function TradeTrustAdminPage() {
  useDocumentTitle(t.title);
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const query = useQuery({ queryKey: tradeKeys.adminTrust(q), queryFn: () => tradeAdminApi.trust(q) });
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };
  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <form className="trade-admin__search" onSubmit={handleSearch} role="search">
        <input value={draft} onChange={(event) => setDraft(event.target.value)} placeholder={t.search} aria-label={t.search} />
        <button type="submit" className="button">{t.searchButton}</button>
      </form>
      {query.isPending && <p className="muted">{ko.trade.common.loading}</p>}
      {query.isError && <p className="trade-error" role="alert">{tradeFailureText(query.error, t.failed)}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.empty}</p>}
      {query.data && query.data.items.length > 0 && (
        <div className="trade-admin__table-wrap">
          <table className="trade-admin__table">
            <thead>
              <tr>
                <th>{t.columns.member}</th><th>{t.columns.deals}</th><th>{t.columns.previous}</th>
                <th>{t.columns.trusted}</th><th>{t.columns.banned}</th><th>{t.columns.action}</th>
              </tr>
            </thead>
            <tbody>{query.data.items.map((item) => <TrustRow key={item.userId._id} item={item} />)}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}
