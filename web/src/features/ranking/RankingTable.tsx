import { memo } from 'react';
import type { RankingEntry } from '@shared/contracts/rankings';
import { ko } from '../../i18n/ko';
import { averageKillsColour, rankingKdColour, rankingWinRateColour } from '../../lib/colour-bands';
import { playerPath } from '../../lib/league-links';
import {
  NameLink, RankMark, SkeletonRows, SortHeader, TableScroll, Tone, formatNumber, formatPercent, formatRatio, type SortColumns,
  type TableSort,
} from '../../ui/stats';

const t = ko.stats;

/** A value coloured by `colour`, or '-' when missing. */
export function Coloured({ value, colour, format }: {
  value: number | null;
  colour: (value: number) => Parameters<typeof Tone>[0]['colour'];
  format: (value: number) => string;
}) {
  return value === null ? <>{t.common.dash}</> : <Tone colour={colour(value)}>{format(value)}</Tone>;
}

/** Crown for 1-3, star for 4-5, then the number. */
export function RankingRank({ rank }: { rank: number }) {
  return <span className="rank-cell"><RankMark rank={rank} kind="crown" stars />{rank}</span>;
}

/** The ranking's sortable columns; its own order is the rank (rating). */
export const RANKING_COLUMNS: SortColumns<RankingEntry> = {
  rank: { value: (row) => row.rank, firstDirection: 'asc' },
  nickname: { value: (row) => row.nickname, firstDirection: 'asc' },
  clan: { value: (row) => row.clanName, firstDirection: 'asc' },
  rating: { value: (row) => row.rating, firstDirection: 'desc' },
  matches: { value: (row) => row.matches, firstDirection: 'desc' },
  win: { value: (row) => row.win, firstDirection: 'desc' },
  lose: { value: (row) => row.lose, firstDirection: 'desc' },
  draw: { value: (row) => row.draw, firstDirection: 'desc' },
  winRate: { value: (row) => row.winRate, firstDirection: 'desc' },
  kd: { value: (row) => row.kd, firstDirection: 'desc' },
  killPerMatch: { value: (row) => row.killPerMatch, firstDirection: 'desc' },
  mvpCount: { value: (row) => row.mvpCount, firstDirection: 'desc' },
};

/**
 * The desktop ranking table: the 12 columns (docs/product/rankings.md#ranking-columns), each sortable (over the rows
 * loaded).
 */
export function RankingTable({ table, loading }: { table: TableSort<RankingEntry>; loading: boolean }) {
  const c = t.columns;
  const header = (column: string, label: string, className?: string) => (
    <SortHeader table={table} column={column} className={className}>{label}</SortHeader>
  );
  return (
    <div className="stats-panel">
      <TableScroll>
        <table className="stats-table ranking-table" aria-busy={loading} data-testid="ranking-table">
          <thead>
            <tr>
              {header('rank', c.rank, 'cell-center')}
              {header('nickname', c.nickname, 'cell-start')}
              {header('clan', c.clan, 'cell-start')}
              {header('rating', c.rating)}
              {header('matches', c.matches)}
              {header('win', c.wins)}
              {header('lose', c.losses)}
              {header('draw', c.draws)}
              {header('winRate', c.winRate)}
              {header('kd', c.kdRate)}
              {header('killPerMatch', c.avgKills)}
              {header('mvpCount', c.mvp)}
            </tr>
          </thead>
          <tbody>
            {loading ? <SkeletonRows rows={15} columns={12} /> : table.rows.map((row) => <RankingTableRow key={row.playerId} row={row} />)}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

/** One ranking row; memoised so appending a page renders only the new rows. */
const RankingTableRow = memo(function RankingTableRow({ row }: { row: RankingEntry }) {
  return (
    <tr className={row.rank <= 3 ? 'row--podium' : undefined} data-testid="ranking-row">
      <td className="cell-center"><RankingRank rank={row.rank} /></td>
      <th scope="row" className="cell-start">
        <NameLink to={playerPath(row.playerId, row.leagueName)} slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front} logoSize={22}>
          {row.nickname}
        </NameLink>
      </th>
      <td className="cell-start ranking-table__clan">{row.clanName ?? t.common.unaffiliated}</td>
      <td><strong>{formatNumber(row.rating)}</strong></td>
      <td>{formatNumber(row.matches)}</td>
      <td>{formatNumber(row.win)}</td>
      <td>{formatNumber(row.lose)}</td>
      <td>{formatNumber(row.draw)}</td>
      <td><Coloured value={row.winRate} colour={rankingWinRateColour} format={(value) => formatPercent(value)} /></td>
      <td><Coloured value={row.kd} colour={rankingKdColour} format={(value) => formatPercent(value)} /></td>
      <td><Coloured value={row.killPerMatch} colour={averageKillsColour} format={(value) => formatRatio(value, 1)} /></td>
      <td>{formatNumber(row.mvpCount)}</td>
    </tr>
  );
});
