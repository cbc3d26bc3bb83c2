import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { averageKillsColour, rankingKdColour, rankingWinRateColour } from '../../lib/colour-bands';
import { useDocumentTitle } from '../../ui/hooks/use-document-title';
import {
  ClanLogo, SkeletonRows, StatusMessage, formatNumber, formatPercent, formatRatio, useProxyErrorRedirect,
} from '../../ui/stats';
import { DivisionTabs } from './DivisionTabs';
import { Coloured, RankingRank } from './RankingTable';
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
  const c = t.columns;

  return (
    <div className="ranking-page">
      <h1>{title}</h1>
      <DivisionTabs current={division} />
      {ranking.isPending && <StatusMessage kind="loading">{t.ranking.loading}</StatusMessage>}
      {ranking.isSuccess && rows.length === 0 && <StatusMessage kind="empty">{t.ranking.empty}</StatusMessage>}
      {(ranking.isPending || rows.length > 0) && (
        <div className="stats-panel stats-table-wrap">
          <table className="stats-table ranking-table" aria-busy={ranking.isPending} data-testid="division-ranking-table">
            <thead>
              <tr>
                <th scope="col" className="cell-center">{c.rank}</th>
                <th scope="col" className="cell-start">{c.player}</th>
                <th scope="col">{c.wins}</th>
                <th scope="col">{c.losses}</th>
                <th scope="col">{c.winRate}</th>
                <th scope="col">{c.kdRate}</th>
                <th scope="col">{c.avgKills}</th>
                <th scope="col">{c.rating}</th>
              </tr>
            </thead>
            <tbody>
              {ranking.isPending ? <SkeletonRows rows={15} columns={8} /> : rows.map((row) => (
                <tr key={`${row.division}:${row.player.id}`} className={row.rank <= 3 ? 'row--podium' : undefined} data-testid="ranking-row">
                  <td className="cell-center"><RankingRank rank={row.rank} /></td>
                  <th scope="row" className="cell-start">
                    <Link className="name-cell" to={`/player/${encodeURIComponent(row.division)}/${encodeURIComponent(row.player.id)}`}>
                      <ClanLogo slug={row.player.clan?.slug} markBg={row.player.clan?.mark_bg} markFront={row.player.clan?.mark_front} size={22} />
                      <span className="ranking-table__names">
                        <span className="name-cell__text">{row.player.name}</span>
                        <span className="muted ranking-table__sub">{row.player.clan?.name ?? t.common.unaffiliated}</span>
                      </span>
                    </Link>
                  </th>
                  <td>{formatNumber(row.win)}</td>
                  <td>{formatNumber(row.lose)}</td>
                  <td><Coloured value={row.win_rate} colour={rankingWinRateColour} format={(value) => formatPercent(value)} /></td>
                  <td><Coloured value={row.kd_rate} colour={rankingKdColour} format={(value) => formatPercent(value)} /></td>
                  <td><Coloured value={row.kill_per_match} colour={averageKillsColour} format={(value) => formatRatio(value, 1)} /></td>
                  <td><strong>{formatNumber(row.rating)}</strong></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
