import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { tradeKo } from '../../i18n/trade';
import { formatDateTime } from '../../lib/korean-date';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { tradeFailureText, failureStatus } from '../trade/api/trade-errors';
import { tradeKeys } from '../trade/api/trade-keys';
import type { AdminTrustItem } from '../trade/api/trade-types';
import '../trade/trade.css';
import { BanDialog, LiftBanDialog } from './trade-ban-dialogs';
import { tradeAdminApi } from './trade-admin-api';

const t = tradeKo.adminTrust;
const c = t.columns;

/** A member's restriction as the admin reads it: none, or until when. */
function RestrictionCell({ item }: { item: AdminTrustItem }) {
  const [dialog, setDialog] = useState<'ban' | 'lift' | null>(null);
  return (
    <td data-label={c.banned} className="stack-table__wide">
      <div className="trade-admin__restriction">
        {item.isBanned ? (
          <span className="trade-admin__ban" data-testid="trust-banned">
            <strong className="trade-colour--red">{item.bannedUntil ? t.bannedUntil(formatDateTime(item.bannedUntil)) : t.bannedForever}</strong>
            {item.banReason && <span className="muted">{tradeKo.standing.reason(item.banReason)}</span>}
          </span>
        ) : (
          <span className="muted">{t.notBanned}</span>
        )}
        <button type="button" className={item.isBanned ? 'button button--small' : 'button button--small button--quiet-danger'}
          onClick={() => setDialog(item.isBanned ? 'lift' : 'ban')}>
          {item.isBanned ? t.lift : t.ban}
        </button>
      </div>
      {dialog === 'ban' && <BanDialog item={item} onClose={() => setDialog(null)} />}
      {dialog === 'lift' && <LiftBanDialog item={item} onClose={() => setDialog(null)} />}
    </td>
  );
}

/** One member's row: verified-trade count (digits only, blank leaves it), trusted flag, and the restriction. */
function TrustRow({ item }: { item: AdminTrustItem }) {
  const queryClient = useQueryClient();
  const [previous, setPrevious] = useState(String(item.prevVerifiedCount));
  const [trusted, setTrusted] = useState(item.isTrusted);
  const [result, setResult] = useState<string | null>(null);
  const previousOk = /^\d*$/.test(previous.trim());
  const mutation = useMutation({
    mutationFn: () => tradeAdminApi.updateTrust({ email: item.userId.email, prevVerifiedCount: previous.trim(), isTrusted: trusted }),
    onSuccess: (answer) => {
      setResult(answer.message || t.updated);
      void queryClient.invalidateQueries({ queryKey: ['trade', 'admin'] });
    },
    // docs/product/admin.md#trust-update: 'update complete', else the message or 'failed', or 'request failed' without
    // an answer.
    onError: (error) => setResult(failureStatus(error) === 0 ? t.requestFailed : tradeFailureText(error, t.failed)),
  });
  return (
    <tr data-testid="trust-row">
      <td data-label={c.member} className="stack-table__wide"><strong>{item.userId.nickname}</strong><br /><span className="muted trade-admin__email">{item.userId.email}</span></td>
      <td data-label={c.deals}>{item.completedDeals} / {item.totalDeals}</td>
      <td data-label={c.previous}>
        <input value={previous} onChange={(event) => setPrevious(event.target.value)} inputMode="numeric" size={5}
          aria-label={c.previous} aria-invalid={!previousOk} />
        {!previousOk && <span className="trade-field__error">{t.previousRule}</span>}
      </td>
      <td data-label={c.trusted}><input type="checkbox" checked={trusted} onChange={(event) => setTrusted(event.target.checked)} aria-label={c.trusted} /></td>
      <td data-label={c.action}>
        <button type="button" className="button" disabled={!previousOk || mutation.isPending} onClick={() => mutation.mutate()}>{t.save}</button>
        {result && <span className="muted trade-admin__result" role="status">{result}</span>}
      </td>
      <RestrictionCell item={item} />
    </tr>
  );
}

/** The newest admin actions on members (restrictions, trust, reports), for review. */
function AuditLog() {
  const query = useQuery({ queryKey: tradeKeys.adminAudit(), queryFn: tradeAdminApi.audit });
  return (
    <section className="trade-card" data-testid="admin-audit">
      <h2>{t.auditTitle}</h2>
      {query.isError && <p className="trade-error">{tradeFailureText(query.error, t.failed)}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.auditEmpty}</p>}
      <ul className="trade-admin__audit">
        {query.data?.items.map((entry) => (
          <li key={entry.id}>
            <span className="muted">{formatDateTime(entry.createdAt)}</span>{' '}
            {t.auditLine(entry.admin?.nickname ?? t.unknownMember, t.auditActions[entry.action], entry.target?.nickname ?? t.unknownMember)}
            {entry.reason && <span className="muted"> · {entry.reason}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /admin/trust: find members and set their verified-trade count and trusted flag; restrict their trading (reason,
 * length, a second look) or lift it; the log of admin actions. The server checks the role.
 */
export default function TradeTrustAdminPage() {
  useDocumentTitle(t.title);
  const [params] = useSearchParams();
  const [draft, setDraft] = useState(params.get('q') ?? '');
  const [q, setQ] = useState(params.get('q') ?? '');
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
      {query.isPending && <p className="muted">{tradeKo.common.loading}</p>}
      {query.isError && <p className="trade-error" role="alert">{tradeFailureText(query.error, t.failed)}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.empty}</p>}
      {query.data && query.data.items.length > 0 && (
        <table className="trade-admin__table stack-table">
          <thead>
            <tr>
              <th>{c.member}</th><th>{c.deals}</th><th>{c.previous}</th><th>{c.trusted}</th><th>{c.action}</th><th>{c.banned}</th>
            </tr>
          </thead>
          <tbody>{query.data.items.map((item) => <TrustRow key={item.userId._id} item={item} />)}</tbody>
        </table>
      )}
      <AuditLog />
    </section>
  );
}
