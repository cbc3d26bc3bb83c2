import type { LeagueClanRow } from '@shared/contracts/league';
import { ko } from '../../i18n/ko';
import { leagueListWinRateColour } from '../../lib/colour-bands';
import { clanPath } from '../../lib/league-links';
import {
  NameLink, SkeletonRows, SortHeader, TableScroll, Tone, formatNumber, formatPercent, type SortColumns, type TableSort,
} from '../../ui/stats';
import { RankCell, podiumClass } from './RankCell';

const t = ko.stats;

/** The clan list's sortable columns; its own order is the rank. */
export const CLAN_LIST_COLUMNS: SortColumns<LeagueClanRow> = {
  rank: { value: (row) => row.rank, firstDirection: 'asc' },
  clan: { value: (row) => row.clanName, firstDirection: 'asc' },
  members: { value: (row) => row.memberCount, firstDirection: 'desc' },
  totalMatches: { value: (row) => row.totalMatches, firstDirection: 'desc' },
  score: { value: (row) => row.score, firstDirection: 'desc' },
  winRate: { value: (row) => row.winRate, firstDirection: 'desc' },
};

/**
 * The league clan list variant (docs/product/leagues.md#clan-list-variant): rank, clan name, member count, total
 * matches, score, win rate.
 */
export function LeagueClanList({ league, table, loading }: { league: string; table: TableSort<LeagueClanRow>; loading: boolean }) {
  const c = t.columns;
  return (
    <div className="stats-panel">
      <TableScroll>
        <table className="stats-table league-table" aria-busy={loading} data-testid="clan-list-table">
          <thead>
            <tr>
              <SortHeader table={table} column="rank" className="cell-center">{c.rank}</SortHeader>
              <SortHeader table={table} column="clan" className="cell-start">{c.clanName}</SortHeader>
              <SortHeader table={table} column="members">{c.members}</SortHeader>
              <SortHeader table={table} column="totalMatches">{c.totalMatches}</SortHeader>
              <SortHeader table={table} column="score">{c.score}</SortHeader>
              <SortHeader table={table} column="winRate">{c.winRate}</SortHeader>
            </tr>
          </thead>
          <tbody>
            {loading ? <SkeletonRows rows={12} columns={6} /> : table.rows.map((row) => (
              <tr key={row.clanSlug} className={podiumClass(row.rank)} data-testid="clan-list-row">
                <td className="cell-center"><RankCell rank={row.rank} /></td>
                <th scope="row" className="cell-start">
                  <NameLink to={clanPath(league, row.clanSlug)} slug={row.clanSlug} markBg={row.mark_bg} markFront={row.mark_front}>
                    {row.clanName}
                  </NameLink>
                </th>
                <td>{formatNumber(row.memberCount)}</td>
                <td>{formatNumber(row.totalMatches)}</td>
                <td>{formatNumber(row.score)}</td>
                <td>
                  {row.winRate === null ? formatPercent(null)
                    : <Tone colour={leagueListWinRateColour(row.winRate)}>{formatPercent(row.winRate)}</Tone>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
