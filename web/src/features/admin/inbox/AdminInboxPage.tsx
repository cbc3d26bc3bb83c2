import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { communityKo } from '../../../i18n/community';
import { useDocumentTitle } from '../../../ui/hooks/use-document-title';
import { StatusMessage, TimeAgo } from '../../../ui/stats';
import { useViewer } from '../../boards/use-viewer';
import { inboxApi, inboxKeys, type ExclusionItem, type SuggestionItem } from './inbox-api';
import '../../boards/boards.css';

const t = communityKo.inbox;
type Tab = 'suggestions' | 'exclusions';

/** A keyset-paged list with its states and a load-more button. */
function InboxList<T extends { _id: string; createdAt: string }>({ queryKey, load, render }: {
  queryKey: readonly unknown[];
  load(cursor: string | undefined, signal: AbortSignal): Promise<{ items: T[]; nextCursor: string | null }>;
  render(item: T): ReactNode;
}) {
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  if (list.isPending) return <StatusMessage kind="loading">{t.loading}</StatusMessage>;
  if (list.isError) return <StatusMessage kind="error">{t.loadFailed}</StatusMessage>;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <StatusMessage kind="empty">{t.empty}</StatusMessage>;
  return (
    <>
      <ul className="inbox-list">
        {items.map((item) => (
          <li key={item._id} className="inbox-item" data-testid="inbox-item">
            <TimeAgo at={item.createdAt} />
            {render(item)}
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" className="button" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>{t.loadMore}</button>
      )}
    </>
  );
}

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <p className="inbox-item__field"><span className="muted">{label}</span> {children}</p>
);

function SuggestionCard(item: SuggestionItem) {
  return (
    <>
      <Field label={t.email}><a href={`mailto:${item.email}`}>{item.email}</a></Field>
      <Field label={t.nickname}>{item.nickname ?? t.noNickname}</Field>
      <p className="inbox-item__text">{item.content}</p>
    </>
  );
}

function ExclusionCard(item: ExclusionItem) {
  return (
    <>
      <Field label={t.nickname}>{item.nickname}</Field>
      <Field label={t.clanName}>{item.clanName}</Field>
      <Field label={t.reason}><span className="inbox-item__text">{item.reason}</span></Field>
      {item.proof && <Field label={t.proof}>{item.proof}</Field>}
    </>
  );
}

/** /admin/inbox: suggestions and exclusion requests for admins (the server refuses anyone else). */
export default function AdminInboxPage() {
  useDocumentTitle(t.title);
  const viewer = useViewer();
  const [tab, setTab] = useState<Tab>('suggestions');
  if (!viewer.isAdmin) return <StatusMessage kind="error">{t.adminOnly}</StatusMessage>;
  return (
    <section className="board-page">
      <h1>{t.title}</h1>
      <div className="inbox-tabs" role="tablist">
        {(['suggestions', 'exclusions'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className="inbox-tab" onClick={() => setTab(name)}>
            {t[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'suggestions'
          ? <InboxList queryKey={inboxKeys.suggestions()} load={inboxApi.suggestions} render={SuggestionCard} />
          : <InboxList queryKey={inboxKeys.exclusions()} load={inboxApi.exclusions} render={ExclusionCard} />}
      </div>
    </section>
  );
}
