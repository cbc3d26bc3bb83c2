import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { tradeKo } from '../../i18n/trade';
import { formatDateTime } from '../../lib/korean-date';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { tradeFailureText } from '../trade/api/trade-errors';
import { tradeKeys } from '../trade/api/trade-keys';
import type { AdminReportItem } from '../trade/api/trade-types';
import '../trade/trade.css';
import { tradeAdminApi } from './trade-admin-api';

const t = tradeKo.adminReports;
type Tab = 'open' | 'handled' | 'all';
const TABS: Tab[] = ['open', 'handled', 'all'];

/** One report: who reported whom and why, the reported message with its deal, and its handling. */
function ReportCard({ item }: { item: AdminReportItem }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: (status: 'open' | 'handled') => tradeAdminApi.setReportStatus(item.id, { status, note: note.trim() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['trade', 'admin'] }),
  });
  return (
    <li className="trade-card trade-report" data-testid="admin-report" data-status={item.status}>
      <p className="trade-report__head">
        <strong>{tradeKo.safety.reasons[item.reason]}</strong>
        <span className="muted">{formatDateTime(item.createdAt)}</span>
      </p>
      <p className="trade-report__who">
        <span>{t.reporter(item.reporter.nickname)}</span>
        <span>{t.target(item.target.nickname)}</span>
        {item.target.isBanned && <span className="trade-badge trade-badge--restricted">{t.targetRestricted}</span>}
        <Link to={`/admin/trust?q=${encodeURIComponent(item.target.email)}`}>{t.manageMember}</Link>
      </p>
      {item.detail && <p className="trade-report__detail">{item.detail}</p>}
      {item.deal && <p className="muted"><Link to={`/trade/user/${item.deal.postId}`}>{t.deal(item.deal.postTitle)}</Link></p>}
      {item.message && (
        <figure className="trade-report__message">
          <figcaption className="muted">{t.message} · {formatDateTime(item.message.createdAt)}</figcaption>
          <blockquote className="trade-report__quote">{item.message.text}</blockquote>
        </figure>
      )}
      {item.status === 'handled' ? (
        <div className="trade-report__handled">
          <span className="muted">{t.handledBy(item.handledBy?.nickname ?? tradeKo.adminTrust.unknownMember, item.handledAt ? formatDateTime(item.handledAt) : '')}</span>
          {item.handledNote && <span>{item.handledNote}</span>}
          <button type="button" className="button button--small" disabled={mutation.isPending} onClick={() => mutation.mutate('open')}>{t.reopen}</button>
        </div>
      ) : (
        <div className="trade-report__handle">
          <input value={note} maxLength={500} placeholder={t.note} aria-label={t.note} onChange={(event) => setNote(event.target.value)} />
          <button type="button" className="button button--primary button--small" disabled={mutation.isPending} onClick={() => mutation.mutate('handled')}>
            {t.handle}
          </button>
        </div>
      )}
      {mutation.isError && <p className="trade-error" role="alert">{tradeFailureText(mutation.error, t.failed)}</p>}
    </li>
  );
}

/** /admin/reports: the reports queue, open ones first; each marked handled with a note (logged). */
export default function TradeReportsAdminPage() {
  useDocumentTitle(t.title);
  const [tab, setTab] = useState<Tab>('open');
  const query = useQuery({ queryKey: tradeKeys.adminReports(tab), queryFn: () => tradeAdminApi.reports(tab) });
  return (
    <section className="trade-page">
      <h1>{t.title}</h1>
      <nav className="trade-tabs" aria-label={t.title}>
        {TABS.map((option) => (
          <button key={option} type="button" className="trade-tabs__button" aria-current={tab === option ? 'page' : undefined} onClick={() => setTab(option)}>
            {t.tabs[option]}
          </button>
        ))}
      </nav>
      {query.data && <p className="muted">{t.openCount(query.data.openCount)}</p>}
      {query.isPending && <p className="muted">{tradeKo.common.loading}</p>}
      {query.isError && <p className="trade-error" role="alert">{tradeFailureText(query.error, t.failed)}</p>}
      {query.data && query.data.items.length === 0 && <p className="muted">{t.empty}</p>}
      <ul className="trade-reports">{query.data?.items.map((item) => <ReportCard key={item.id} item={item} />)}</ul>
    </section>
  );
}
