import type { WeaponBreakdownRow } from '@shared/contracts/breakdowns';
import { ko } from '../../i18n/ko';
import { SortHeader, TableScroll, formatNumber, formatPercent, useTableSort, type SortColumns } from '../../ui/stats';
import { Rate } from './MapsTable';

const t = ko.reader.breakdown;

const COLUMNS: SortColumns<WeaponBreakdownRow> = {
  weapon: { value: (row) => ko.clanPlayer.match.weapons[row.weapon], firstDirection: 'asc' },
  matches: { value: (row) => row.matches, firstDirection: 'desc' },
  kd: { value: (row) => row.kd_rate, firstDirection: 'desc' },
  headshot: { value: (row) => row.headshot_percent, firstDirection: 'desc' },
  damage: { value: (row) => row.damage_average, firstDirection: 'desc' },
};
/** The served order: most played first. */
const BY_MATCHES = { column: 'matches', direction: 'desc' } as const;

/**
 * A player's results by the weapon class of each match (rifle, sniper: the classes the game records), sortable
 * (`?weaponSort=`); K/D % in the header's general band. The average damage counts only matches whose damage is
 * known, and says how many those are.
 */
export function WeaponsTable({ rows }: { rows: readonly WeaponBreakdownRow[] }) {
  const table = useTableSort('weaponSort', rows, COLUMNS, BY_MATCHES);
  return (
    <TableScroll>
      <table className="stats-table breakdown-table" data-testid="weapons-table">
        <thead>
          <tr>
            <SortHeader table={table} column="weapon" className="cell-start">{t.weapon}</SortHeader>
            <SortHeader table={table} column="matches">{t.matches}</SortHeader>
            <SortHeader table={table} column="kd">{t.kd}</SortHeader>
            <SortHeader table={table} column="headshot">{t.headshot}</SortHeader>
            <SortHeader table={table} column="damage">{t.damage}</SortHeader>
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.weapon} data-weapon={row.weapon}>
              <th scope="row" className="cell-start">{ko.clanPlayer.match.weapons[row.weapon]}</th>
              <td>{row.matches}</td>
              <td><Rate value={row.kd_rate} /></td>
              <td>{formatPercent(row.headshot_percent)}</td>
              <td title={t.damageKnown(row.damage_known, row.matches)}>{formatNumber(row.damage_average === null ? null : Math.round(row.damage_average))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
