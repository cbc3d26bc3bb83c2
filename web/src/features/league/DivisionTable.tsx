import type { LeagueSummaryEntry } from '@shared/contracts/league';
import { ko } from '../../i18n/ko';
import { clanTableWinRateColour } from '../../lib/colour-bands';
import { clanPath } from '../../lib/league-links';
import {
  NameLink, SkeletonCards, SkeletonRows, SortHeader, TableScroll, Tone, formatNumber, formatPercent, type SortColumns, type TableSort,
} from '../../ui/stats';
import { RankCell, podiumClass } from './RankCell';

const t = ko.stats;

/** A row's height in the simpler list under 768 px, for its skeleton. */
const SIMPLE_ROW_HEIGHT = 60;

/** The division table's sortable columns; its own order is the rank. */
export const DIVISION_COLUMNS: SortColumns<LeagueSummaryEntry> = {
  rank: { value: (row) => row.rank, firstDirection: 'asc' },
  clan: { value: (row) => row.clan.name, firstDirection: 'asc' },
  wins: { value: (row) => row.win, firstDirection: 'desc' },
  winRate: { value: (row) => row.win_rate, firstDirection: 'desc' },
  rating: { value: (row) => row.rating, firstDirection: 'desc' },
};

/** The phone list's sort choices. */
export const DIVISION_SORT_LABELS = { rank: t.columns.rank, rating: t.columns.ladderPoints, winRate: t.columns.winRate, clan: t.columns.clanName };

function WinRate({ value }: { value: number | null }) {
  return value === null ? <>{formatPercent(null)}</> : <Tone colour={clanTableWinRateColour(value)}>{formatPercent(value)}</Tone>;
}

interface DivisionTableProps {
  league: string;
  table: TableSort<LeagueSummaryEntry>;
  loading: boolean;
  /** Under 768 px: the simpler list. */
  compact: boolean;
}

/**
 * A division table (docs/product/leagues.md#division-table): rank, two-layer logo and clan name, record (with draws:
 * the win rate counts them), win rate and ladder points. Rows link to the clan's page of this league.
 */
export function DivisionTable({ league, table, loading, compact }: DivisionTableProps) {
  if (compact) {
    if (loading) return <SkeletonCards count={8} height={SIMPLE_ROW_HEIGHT} />;
    return (
      <ol className="card-list league-simple-list" data-testid="division-list">
        {table.rows.map((row) => (
          <li key={row.clan.slug} className={podiumClass(row.rank)} data-testid="division-row">
            <RankCell rank={row.rank} />
            <NameLink to={clanPath(league, row.clan.slug)} slug={row.clan.slug} markBg={row.clan.mark_bg} markFront={row.clan.mark_front}>
              {row.clan.name}
            </NameLink>
            <span className="league-simple-list__figures">
              <strong>{formatNumber(row.rating)}</strong>
              <WinRate value={row.win_rate} />
            </span>
          </li>
        ))}
      </ol>
    );
  }
  const c = t.columns;
  return (
    <div className="stats-panel">
      <TableScroll>
        <table className="stats-table league-table" aria-busy={loading} data-testid="division-table">
          <thead>
            <tr>
              <SortHeader table={table} column="rank" className="cell-center">{c.rank}</SortHeader>
              <SortHeader table={table} column="clan" className="cell-start">{c.clanName}</SortHeader>
              <SortHeader table={table} column="wins">{c.record}</SortHeader>
              <SortHeader table={table} column="winRate">{c.winRate}</SortHeader>
              <SortHeader table={table} column="rating">{c.ladderPoints}</SortHeader>
            </tr>
          </thead>
          <tbody>
            {loading ? <SkeletonRows rows={12} columns={5} /> : table.rows.map((row) => (
              <tr key={row.clan.slug} className={podiumClass(row.rank)} data-testid="division-row">
                <td className="cell-center"><RankCell rank={row.rank} /></td>
                <th scope="row" className="cell-start">
                  <NameLink to={clanPath(league, row.clan.slug)} slug={row.clan.slug} markBg={row.clan.mark_bg} markFront={row.clan.mark_front}>
                    {row.clan.name}
                  </NameLink>
                </th>
                <td>{t.common.recordWithDraws(row.win, row.lose, row.draw)}</td>
                <td><WinRate value={row.win_rate} /></td>
                <td>{formatNumber(row.rating)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
