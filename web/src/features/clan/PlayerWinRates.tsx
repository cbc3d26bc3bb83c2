import { ko } from '../../i18n/ko';
import { generalRateColour, playerKdColour } from '../../lib/colour-bands';
import { recordSortColumns } from '../../lib/table-sort';
import { SortHeader, TableScroll, Tone, formatPercent, useTableSort, type SortColumns } from '../../ui/stats';
import type { PlayerRecentRecord } from './api-types';
import { StaticPanel } from './CollapsiblePanel';
import { PlayerNameLink } from './matches/PlayerNameLink';

const t = ko.clanPlayer.clan;
const columns = ko.stats.columns;

/** Address parameter of the table's sort. */
const SORT_PARAM = 'recentSort';

const COLUMNS: SortColumns<PlayerRecentRecord> = {
  player: { value: (row) => row.nickname, firstDirection: 'asc' },
  ...recordSortColumns<PlayerRecentRecord>(),
  mvp: { value: (row) => row.mvp, firstDirection: 'desc' },
};
/** The served order: most matches first. */
const BY_MATCHES = { column: 'matches', direction: 'desc' } as const;

/**
 * The recent clan-match player win-rate table: each member over the clan's last 20 matches of the page's league,
 * sortable; names link to the player's page of that league.
 */
export function PlayerWinRates({ players, clanSlug, league, isMobile }: {
  players: readonly PlayerRecentRecord[]; clanSlug: string; league: string; isMobile: boolean;
}) {
  const table = useTableSort(SORT_PARAM, players, COLUMNS, BY_MATCHES);
  return (
    <StaticPanel title={t.winRatesTitle} testId="player-win-rates">
      {players.length === 0 ? (
        <p className="clan-panel__empty muted">{t.winRatesEmpty}</p>
      ) : (
        <TableScroll>
          <table className="stats-table" data-testid="win-rates-table">
            <thead>
              <tr>
                <SortHeader table={table} column="player" className="cell-start">{t.winRatesPlayer}</SortHeader>
                <SortHeader table={table} column="matches">{columns.matches}</SortHeader>
                {!isMobile && <SortHeader table={table} column="win">{columns.wins}</SortHeader>}
                {!isMobile && <SortHeader table={table} column="lose">{columns.losses}</SortHeader>}
                {!isMobile && <SortHeader table={table} column="draw">{columns.draws}</SortHeader>}
                <SortHeader table={table} column="winRate">{columns.winRate}</SortHeader>
                <SortHeader table={table} column="kd">{columns.kdRate}</SortHeader>
                {!isMobile && <SortHeader table={table} column="mvp">{columns.mvp}</SortHeader>}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((player) => (
                <tr key={player.playerId}>
                  <th scope="row" className="cell-start">
                    <PlayerNameLink playerId={player.playerId} nickname={player.nickname} clanSlug={clanSlug} league={league} />
                  </th>
                  <td>{player.matches}</td>
                  {!isMobile && <td>{player.win}</td>}
                  {!isMobile && <td>{player.lose}</td>}
                  {!isMobile && <td>{player.draw}</td>}
                  <td><Tone colour={player.win_rate === null ? 'neutral' : generalRateColour(player.win_rate)}>{formatPercent(player.win_rate)}</Tone></td>
                  <td><Tone colour={player.kd_rate === null ? 'neutral' : playerKdColour(player.kd_rate)}>{formatPercent(player.kd_rate)}</Tone></td>
                  {!isMobile && <td>{player.mvp}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </StaticPanel>
  );
}
