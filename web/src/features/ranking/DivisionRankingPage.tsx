import { useInfiniteQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import { SkeletonFrame, StatusMessage, useProxyErrorRedirect } from '../../ui/stats';
import { DivisionRankingTable } from './DivisionRankingTable';
import { DivisionTabs } from './DivisionTabs';
import { fetchDivisionRankPage, isRankDivision, rankingKeys, uniqueRows, type RankDivision } from './ranking-queries';
import './ranking.css';

const t = ko.stats;

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
    // An empty page ends the list even when it still carries a cursor (spec §4 cursor paging).
    getNextPageParam: (lastPage) => (lastPage.data.length === 0 ? undefined : lastPage.metadata.cursor.next),
    retry: false,
  });
  useProxyErrorRedirect(ranking.error);
  const rows = uniqueRows((ranking.data?.pages ?? []).map((page) => page.data), (row) => `${row.division}:${row.player.id}`);

  return (
    <div className="ranking-page">
      <h1>{title}</h1>
      <DivisionTabs current={division} />
      {ranking.isSuccess && rows.length === 0 && <StatusMessage kind="empty">{t.ranking.empty}</StatusMessage>}
      {(ranking.isPending || rows.length > 0) && (
        <SkeletonFrame loading={ranking.isPending} text={t.ranking.loading}>
          <DivisionRankingTable rows={rows} loading={ranking.isPending} />
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
