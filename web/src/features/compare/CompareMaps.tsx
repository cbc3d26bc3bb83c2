import { useMemo } from 'react';
import type { MapBreakdownRow } from '@shared/contracts/breakdowns';
import type { ComparedPlayer } from '@shared/contracts/comparison';
import { ko } from '../../i18n/ko';
import { SortHeader, TableScroll, useTableSort, type SortColumns } from '../../ui/stats';
import { Rate } from '../breakdowns/MapsTable';

const t = ko.reader.compare;
const b = ko.reader.breakdown;

/** One map with each player's row there (undefined: never played it in the league). */
interface MapPair {
  map: string | null;
  a: MapBreakdownRow | undefined;
  b: MapBreakdownRow | undefined;
}

const COLUMNS: SortColumns<MapPair> = {
  map: { value: (row) => row.map, firstDirection: 'asc' },
  total: { value: (row) => (row.a?.matches ?? 0) + (row.b?.matches ?? 0), firstDirection: 'desc' },
  aMatches: { value: (row) => row.a?.matches, firstDirection: 'desc' },
  aWinRate: { value: (row) => row.a?.win_rate, firstDirection: 'desc' },
  aKd: { value: (row) => row.a?.kd_rate, firstDirection: 'desc' },
  bMatches: { value: (row) => row.b?.matches, firstDirection: 'desc' },
  bWinRate: { value: (row) => row.b?.win_rate, firstDirection: 'desc' },
  bKd: { value: (row) => row.b?.kd_rate, firstDirection: 'desc' },
};
/** The served order: the maps both played most first. */
const BY_TOTAL = { column: 'total', direction: 'desc' } as const;

function pairMaps(a: ComparedPlayer, other: ComparedPlayer): MapPair[] {
  const maps = new Map<string | null, MapPair>();
  for (const row of a.maps) maps.set(row.map, { map: row.map, a: row, b: undefined });
  for (const row of other.maps) maps.set(row.map, { map: row.map, a: maps.get(row.map)?.a, b: row });
  return [...maps.values()].sort((x, y) => (y.a?.matches ?? 0) + (y.b?.matches ?? 0) - ((x.a?.matches ?? 0) + (x.b?.matches ?? 0)));
}

/** Each map with both players' matches, win rate and K/D % there (the player page's bands), sortable. */
export function CompareMaps({ a, b: other, isMobile }: { a: ComparedPlayer; b: ComparedPlayer; isMobile: boolean }) {
  const pairs = useMemo(() => pairMaps(a, other), [a, other]);
  const table = useTableSort('compareMapSort', pairs, COLUMNS, BY_TOTAL);
  if (pairs.length === 0) return <p className="clan-panel__empty muted">{t.mapsEmpty}</p>;
  return (
    <TableScroll>
      <table className="stats-table compare-maps" data-testid="compare-maps">
        <thead>
          <tr>
            <td />
            <th scope="colgroup" colSpan={isMobile ? 2 : 3} className="compare-side--a cell-center">{a.nickname}</th>
            <th scope="colgroup" colSpan={isMobile ? 2 : 3} className="compare-side--b cell-center">{other.nickname}</th>
          </tr>
          <tr>
            <SortHeader table={table} column="map" className="cell-start">{b.map}</SortHeader>
            <SortHeader table={table} column="aMatches">{b.matches}</SortHeader>
            <SortHeader table={table} column="aWinRate">{b.winRate}</SortHeader>
            {!isMobile && <SortHeader table={table} column="aKd">{b.kd}</SortHeader>}
            <SortHeader table={table} column="bMatches">{b.matches}</SortHeader>
            <SortHeader table={table} column="bWinRate">{b.winRate}</SortHeader>
            {!isMobile && <SortHeader table={table} column="bKd">{b.kd}</SortHeader>}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.map ?? ''}>
              <th scope="row" className="cell-start">{row.map ?? ko.clanPlayer.match.defaultMap}</th>
              <td>{row.a?.matches ?? 0}</td>
              <td><Rate value={row.a?.win_rate} /></td>
              {!isMobile && <td><Rate value={row.a?.kd_rate} /></td>}
              <td>{row.b?.matches ?? 0}</td>
              <td><Rate value={row.b?.win_rate} /></td>
              {!isMobile && <td><Rate value={row.b?.kd_rate} /></td>}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
