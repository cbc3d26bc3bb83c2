import type { MapBreakdownRow } from '@shared/contracts/breakdowns';
import { ko } from '../../i18n/ko';
import { generalRateColour, killShareColour, type ColourToken } from '../../lib/colour-bands';
import { recordSortColumns } from '../../lib/table-sort';
import { SortHeader, TableScroll, TimeAgo, Tone, formatPercent, useTableSort, type SortColumns } from '../../ui/stats';

const t = ko.reader.breakdown;
const columns = ko.stats.columns;

const COLUMNS: SortColumns<MapBreakdownRow> = {
  map: { value: (row) => row.map, firstDirection: 'asc' },
  ...recordSortColumns<MapBreakdownRow>(),
  killShare: { value: (row) => row.kill_share, firstDirection: 'desc' },
  lastPlayed: { value: (row) => row.lastPlayedAt, firstDirection: 'desc' },
};
/** The served order: most played first. */
const BY_MATCHES = { column: 'matches', direction: 'desc' } as const;

/** A rate in the page's general band (win rate and K/D % of the clan and player headers), '-' when missing. */
export function Rate({ value, colour = generalRateColour }: { value: number | null | undefined; colour?: (percent: number) => ColourToken }) {
  return <Tone colour={value === null || value === undefined ? 'neutral' : colour(value)}>{formatPercent(value)}</Tone>;
}

interface MapsTableProps {
  rows: readonly MapBreakdownRow[];
  /** Players' tables add their share of the team's kills. */
  withKillShare: boolean;
  isMobile: boolean;
  /** Shows this map's matches in the list below (the list's map filter). */
  onPickMap: (map: string) => void;
}

/**
 * Results by map, sortable (kept in the address as `?mapSort=`), coloured with the page's bands: win rate and K/D %
 * in the general band of the header, kill share in the match-summary band. A map's name filters the match list.
 */
export function MapsTable({ rows, withKillShare, isMobile, onPickMap }: MapsTableProps) {
  const table = useTableSort('mapSort', rows, COLUMNS, BY_MATCHES);
  return (
    <TableScroll>
      <table className="stats-table breakdown-table" data-testid="maps-table">
        <thead>
          <tr>
            <SortHeader table={table} column="map" className="cell-start">{t.map}</SortHeader>
            <SortHeader table={table} column="matches">{t.matches}</SortHeader>
            {!isMobile && <SortHeader table={table} column="win">{columns.wins}</SortHeader>}
            {!isMobile && <SortHeader table={table} column="lose">{columns.losses}</SortHeader>}
            {!isMobile && <SortHeader table={table} column="draw">{columns.draws}</SortHeader>}
            <SortHeader table={table} column="winRate">{t.winRate}</SortHeader>
            <SortHeader table={table} column="kd">{t.kd}</SortHeader>
            {withKillShare && <SortHeader table={table} column="killShare">{t.killShare}</SortHeader>}
            {!isMobile && <SortHeader table={table} column="lastPlayed">{t.lastPlayed}</SortHeader>}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.map ?? ''} data-map={row.map ?? ''}>
              <th scope="row" className="cell-start">
                {row.map === null
                  ? <span className="muted">{ko.clanPlayer.match.defaultMap}</span>
                  : (
                    <button type="button" className="link-button" onClick={() => onPickMap(row.map!)} title={t.filterByMap(row.map)}>
                      {row.map}
                    </button>
                  )}
              </th>
              <td>{row.matches}</td>
              {!isMobile && <td>{row.win}</td>}
              {!isMobile && <td>{row.lose}</td>}
              {!isMobile && <td>{row.draw}</td>}
              <td><Rate value={row.win_rate} /></td>
              <td><Rate value={row.kd_rate} /></td>
              {withKillShare && <td><Rate value={row.kill_share} colour={killShareColour} /></td>}
              {!isMobile && <td><TimeAgo at={row.lastPlayedAt} /></td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
