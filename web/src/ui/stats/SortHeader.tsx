import { useMemo, type ReactNode } from 'react';
import { ko } from '../../i18n/ko';
import { formatSort, nextSort, parseSort, sortRows, type SortColumn, type SortState } from '../../lib/table-sort';
import { useSearchParam } from '../hooks/use-search-param';
import './stats.css';

const t = ko.stats.sort;

/** A table's sortable columns by key. */
export type SortColumns<Row> = Record<string, SortColumn<Row>>;

/** A table's sort, kept in the address under `param`, and its rows in that order. */
export interface TableSort<Row> {
  sort: SortState;
  rows: Row[];
  /** Whether the rows are in another order than the table's own. */
  reordered: boolean;
  toggle(column: string): void;
  set(sort: SortState): void;
}

/** Sorts `rows` by the column the address names (`?{param}=winRate-desc`); `fallback` is the table's own order. */
export function useTableSort<Row>(param: string, rows: readonly Row[], columns: SortColumns<Row>, fallback: SortState): TableSort<Row> {
  const [value, setValue] = useSearchParam(param);
  const sort = parseSort(value, Object.keys(columns), fallback);
  const sorted = useMemo(() => sortRows(rows, sort, columns[sort.column]), [rows, sort.column, sort.direction, columns]);
  const set = (next: SortState) => setValue(formatSort(next, fallback), { push: true });
  return {
    sort,
    rows: sorted,
    reordered: formatSort(sort, fallback) !== null,
    set,
    toggle: (column) => set(nextSort(sort, column, columns[column]?.firstDirection ?? 'desc')),
  };
}

interface SortHeaderProps<Row> {
  table: TableSort<Row>;
  column: string;
  children: ReactNode;
  className?: string;
}

/**
 * A column header that sorts the table: a button inside the th, the order announced by aria-sort (and drawn from
 * it by the stylesheet, so the header's text stays the column's name).
 */
export function SortHeader<Row>({ table, column, children, className }: SortHeaderProps<Row>) {
  const active = table.sort.column === column;
  const direction = active ? table.sort.direction : undefined;
  return (
    <th scope="col" className={className} aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <button type="button" className={active ? 'sort-button sort-button--active' : 'sort-button'} onClick={() => table.toggle(column)}
        data-sort-column={column}>
        {children}
      </button>
    </th>
  );
}

/** The sort of a card list (phones have no column headers): a select of the same columns, both ways. */
export function SortSelect<Row>({ table, labels }: { table: TableSort<Row>; labels: Record<string, string> }) {
  return (
    <label className="sort-select">
      <span>{t.selectLabel}</span>
      <select className="field-box" value={`${table.sort.column}-${table.sort.direction}`}
        onChange={(event) => table.set(parseSort(event.target.value, Object.keys(labels), table.sort))}>
        {Object.entries(labels).flatMap(([column, label]) => (['desc', 'asc'] as const).map((direction) => (
          <option key={`${column}-${direction}`} value={`${column}-${direction}`}>
            {label} {direction === 'desc' ? '▼' : '▲'}
          </option>
        )))}
      </select>
    </label>
  );
}
