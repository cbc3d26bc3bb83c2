import { Link } from 'react-router-dom';
import type { ProxyPlayerRankResponse } from '@shared/contracts/proxy';
import { ko } from '../../i18n/ko';
import { averageKillsColour, rankingKdColour, rankingWinRateColour } from '../../lib/colour-bands';
import { proxyPlayerPath } from '../../lib/league-links';
import {
  ClanLogo, SkeletonRows, SortHeader, TableScroll, formatNumber, formatPercent, formatRatio, leagueLabel, type SortColumns,
  type TableSort,
} from '../../ui/stats';
import { Coloured, RankingRank } from './RankingTable';

const t = ko.stats;

type DivisionRankRow = ProxyPlayerRankResponse['data'][number];

/** The division ranking's sortable columns; its own order is the rank. */
export const DIVISION_RANKING_COLUMNS: SortColumns<DivisionRankRow> = {
  rank: { value: (row) => row.rank, firstDirection: 'asc' },
  player: { value: (row) => row.player.name, firstDirection: 'asc' },
  league: { value: (row) => row.division, firstDirection: 'asc' },
  win: { value: (row) => row.win, firstDirection: 'desc' },
  lose: { value: (row) => row.lose, firstDirection: 'desc' },
  draw: { value: (row) => row.draw, firstDirection: 'desc' },
  winRate: { value: (row) => row.win_rate, firstDirection: 'desc' },
  kd: { value: (row) => row.kd_rate, firstDirection: 'desc' },
  killPerMatch: { value: (row) => row.kill_per_match, firstDirection: 'desc' },
  rating: { value: (row) => row.rating, firstDirection: 'desc' },
};

interface DivisionRankingTableProps {
  table: TableSort<DivisionRankRow>;
  /** Leagues 1 and 2 in one table: each row names its league, and the rank is the place in the combined table. */
  combined: boolean;
  loading: boolean;
}

/**
 * A division's individual ranking table (rank, player, win, lose, draw, win_rate, kd_rate, kill_per_match,
 * rating; the draws shown because the win rate counts them). Rows link to the player's page of the row's league.
 */
export function DivisionRankingTable({ table, combined, loading }: DivisionRankingTableProps) {
  const c = t.columns;
  const columnCount = combined ? 10 : 9;
  return (
    <div className="stats-panel">
      <TableScroll>
        <table className="stats-table ranking-table" aria-busy={loading} data-testid="division-ranking-table">
          <thead>
            <tr>
              <SortHeader table={table} column="rank" className="cell-center">{combined ? t.ranking.combinedRank : c.rank}</SortHeader>
              <SortHeader table={table} column="player" className="cell-start">{c.player}</SortHeader>
              {combined && <SortHeader table={table} column="league" className="cell-start">{t.ranking.rowLeague}</SortHeader>}
              <SortHeader table={table} column="win">{c.wins}</SortHeader>
              <SortHeader table={table} column="lose">{c.losses}</SortHeader>
              <SortHeader table={table} column="draw">{c.draws}</SortHeader>
              <SortHeader table={table} column="winRate">{c.winRate}</SortHeader>
              <SortHeader table={table} column="kd">{c.kdRate}</SortHeader>
              <SortHeader table={table} column="killPerMatch">{c.avgKills}</SortHeader>
              <SortHeader table={table} column="rating">{c.rating}</SortHeader>
            </tr>
          </thead>
          <tbody>
            {loading ? <SkeletonRows rows={15} columns={columnCount} /> : table.rows.map((row) => (
              <tr key={`${row.division}:${row.player.id}`} className={row.rank <= 3 ? 'row--podium' : undefined} data-testid="ranking-row">
                <td className="cell-center"><RankingRank rank={row.rank} /></td>
                <th scope="row" className="cell-start">
                  <Link className="name-cell" to={proxyPlayerPath(row.division, row.player.id)}>
                    <ClanLogo slug={row.player.clan?.slug} markBg={row.player.clan?.mark_bg} markFront={row.player.clan?.mark_front} size={22} />
                    <span className="ranking-table__names">
                      <span className="name-cell__text">{row.player.name}</span>
                      <span className="muted ranking-table__sub">{row.player.clan?.name ?? t.common.unaffiliated}</span>
                    </span>
                  </Link>
                </th>
                {combined && <td className="cell-start">{leagueLabel(row.division)}</td>}
                <td>{formatNumber(row.win)}</td>
                <td>{formatNumber(row.lose)}</td>
                <td>{formatNumber(row.draw)}</td>
                <td><Coloured value={row.win_rate} colour={rankingWinRateColour} format={(value) => formatPercent(value)} /></td>
                <td><Coloured value={row.kd_rate} colour={rankingKdColour} format={(value) => formatPercent(value)} /></td>
                <td><Coloured value={row.kill_per_match} colour={averageKillsColour} format={(value) => formatRatio(value, 1)} /></td>
                <td><strong>{formatNumber(row.rating)}</strong></td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
