import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { Breadcrumbs, SkeletonFrame, StatusMessage, useProxyErrorRedirect, useTableSort } from '../../ui/stats';
import { DIVISION_RANKING_COLUMNS, DivisionRankingTable } from './DivisionRankingTable';
import { RankingTabs } from './RankingTabs';
import { fetchDivisionRankPage, isRankDivision, rankingKeys, uniqueRows, type RankDivision } from './ranking-queries';
import './ranking.css';

const t = ko.stats;

/** The ranking's own order: its rank. */
const BY_RANK = { column: 'rank', direction: 'asc' } as const;

/** /rank/player/supply and /rank/player/sanply: the cursor-paged individual ranking of a division. */
export default function DivisionRankingPage() {
  const { division = '' } = useParams();
  if (!isRankDivision(division)) return <Navigate to="/error?status=404" replace />;
  return <DivisionRanking key={division} division={division} />;
}

function DivisionRanking({ division }: { division: RankDivision }) {
  const title = t.ranking.divisionTitle(t.ranking.divisions[division].title);
  useDocumentTitle(title);
  const ranking = useInfiniteQuery({
    queryKey: rankingKeys.division(division),
    queryFn: ({ pageParam, signal }) => fetchDivisionRankPage(division, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // An empty page ends the list even when it still carries a cursor (docs/product/statistics-api.md#cursor-paging).
    getNextPageParam: (lastPage) => (lastPage.data.length === 0 ? undefined : lastPage.metadata.cursor.next),
    retry: false,
  });
  useProxyErrorRedirect(ranking.error);
  const rows = useMemo(
    () => uniqueRows((ranking.data?.pages ?? []).map((page) => page.data), (row) => `${row.division}:${row.player.id}`),
    [ranking.data],
  );
  const table = useTableSort('sort', rows, DIVISION_RANKING_COLUMNS, BY_RANK);

  return (
    <div className="ranking-page">
      <Breadcrumbs items={[{ label: ko.stats.breadcrumbs.divisionRanking, to: '/rank/player' }, { label: t.ranking.divisions[division].title }]} />
      <RankingTabs />
      <h1>{title}</h1>
      {table.reordered && <p className="sort-note" role="status">{ko.stats.sort.loadedOnly(rows.length)}</p>}
      {ranking.isSuccess && rows.length === 0 && <StatusMessage kind="empty">{t.ranking.empty}</StatusMessage>}
      {(ranking.isPending || rows.length > 0) && (
        <SkeletonFrame loading={ranking.isPending} text={t.ranking.loading}>
          <DivisionRankingTable table={table} combined={division === 'supply'} loading={ranking.isPending} />
        </SkeletonFrame>
      )}
      {ranking.isSuccess && ranking.hasNextPage && (
        <div className="ranking-page__more">
          <button type="button" className="button" disabled={ranking.isFetchingNextPage} aria-busy={ranking.isFetchingNextPage}
            onClick={() => void ranking.fetchNextPage()}>
            {ranking.isFetchingNextPage ? t.ranking.loadingMore : t.ranking.loadMore}
          </button>
        </div>
      )}
      {ranking.isSuccess && !ranking.hasNextPage && rows.length > 0 && <StatusMessage kind="info">{t.ranking.allLoaded}</StatusMessage>}
    </div>
  );
}
