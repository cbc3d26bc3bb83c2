import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { RankingEntry } from '@shared/contracts/rankings';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { useMediaQuery } from '../../ui/hooks/use-media-query';
import {
  Breadcrumbs, STATS_MOBILE_QUERY, SkeletonFrame, SortSelect, StatusMessage, useTableSort,
} from '../../ui/stats';
import { RankingCards } from './RankingCards';
import { RankingPosition } from './RankingPosition';
import { RANKING_COLUMNS, RankingTable } from './RankingTable';
import { RankingTabs } from './RankingTabs';
import { SCROLL_TRIGGER_PX, salRankingQuery, uniqueRows } from './ranking-queries';
import { useNearBottom } from './use-near-bottom';
import { useShownAsScrolled } from './use-shown-as-scrolled';
import './ranking.css';

const t = ko.stats.ranking;
const c = ko.stats.columns;

/** The ranking's own order, and the phone cards' sort choices. */
const BY_RANK = { column: 'rank', direction: 'asc' } as const;
const CARD_SORT_LABELS = { rank: c.rank, matches: c.matches, winRate: c.winRate, kd: c.kdRate };

/**
 * The canonical address of the personal ranking (/rank/sal-player is also served:
 * docs/product/rankings.md#ranking-addresses).
 */
const CANONICAL_PATH = '/ranking';

/**
 * Points search engines at /ranking while this page is open under either address. The server's head already has
 * a canonical link (the address as opened, on the site's public origin): that one is pointed at /ranking, since
 * a second link would leave two conflicting canonical addresses.
 */
function useCanonicalLink(path: string) {
  useEffect(() => {
    const existing = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const link = existing ?? document.head.appendChild(document.createElement('link'));
    const previous = existing?.href;
    link.rel = 'canonical';
    link.href = new URL(path, previous ?? window.location.origin).href;
    return () => {
      if (previous === undefined) link.remove();
      else link.href = previous;
    };
  }, [path]);
}

/**
 * /rank/sal-player and /ranking: the personal Elo ranking, 100 rows per page loaded when the reader scrolls to
 * within 300 px of the end of the list; cards on phones, the 12-column table on desktop; a position lookup on top.
 * Phone cards render as the reader scrolls near them (a page of 100 is the heaviest render a phone does here);
 * the next page is asked for once every card of the last one is shown.
 */
export default function SalRankingPage() {
  useDocumentTitle(t.title);
  useCanonicalLink(CANONICAL_PATH);
  const isMobile = useMediaQuery(STATS_MOBILE_QUERY);
  const ranking = useInfiniteQuery(salRankingQuery());
  const rows: RankingEntry[] = useMemo(() => uniqueRows(ranking.data?.pages ?? [], (row) => row.playerId), [ranking.data]);
  const table = useTableSort('sort', rows, RANKING_COLUMNS, BY_RANK);
  const { shown: shownRows, allShown, showMore } = useShownAsScrolled(table.rows, isMobile);
  const listEnd = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetching, fetchNextPage } = ranking;

  // Errors of a further page stay silent (docs/product/rankings.md#ranking-paging); scrolling again retries.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) fetchNextPage().catch(() => undefined);
  }, [hasNextPage, isFetching, fetchNextPage]);
  // Near the end: the further cards of the pages loaded, then the next page.
  const more = !allShown || hasNextPage;
  const next = allShown ? loadMore : showMore;
  useNearBottom(listEnd, ranking.isSuccess && more, SCROLL_TRIGGER_PX, next, [rows.length, shownRows.length]);

  return (
    <div className="ranking-page">
      <Breadcrumbs items={[{ label: ko.stats.breadcrumbs.ranking }]} />
      <RankingTabs />
      <header className="ranking-page__head">
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{t.intro}</p>
        </div>
        <RankingPosition />
      </header>
      {isMobile && <div className="ranking-page__tools"><SortSelect table={table} labels={CARD_SORT_LABELS} /></div>}
      {table.reordered && <p className="sort-note" role="status">{ko.stats.sort.loadedOnly(rows.length)}</p>}
      {!ranking.isPending && rows.length === 0 && <StatusMessage kind="empty">{t.empty}</StatusMessage>}
      {(ranking.isPending || rows.length > 0) && (
        <SkeletonFrame loading={ranking.isPending} text={t.loading}>
          {isMobile ? <RankingCards rows={shownRows} loading={ranking.isPending} /> : <RankingTable table={table} loading={ranking.isPending} />}
        </SkeletonFrame>
      )}
      <div ref={listEnd} />
      {isFetchingNextPage && <StatusMessage kind="loading">{t.loadingMore}</StatusMessage>}
      {ranking.isSuccess && !more && rows.length > 0 && <StatusMessage kind="info">{t.allLoaded}</StatusMessage>}
      {ranking.isSuccess && more && !isFetchingNextPage && (
        <div className="ranking-page__more">
          <button type="button" className="button" onClick={next}>{t.loadMore}</button>
        </div>
      )}
    </div>
  );
}
