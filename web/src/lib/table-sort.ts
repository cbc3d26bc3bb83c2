/**
 * Column sorting of the statistics tables, kept in the address as `{column}-{asc|desc}` (for example
 * `?sort=winRate-desc`), so a sorted table survives a reload and a shared link. Pure, so the rules are tested once.
 */
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  direction: SortDirection;
}

/** A column a table can sort by: how to read a row's value, and which way a first click sorts it. */
export interface SortColumn<Row> {
  value: (row: Row) => number | string | null | undefined;
  /** Numbers read best high-first, names A-first. */
  firstDirection: SortDirection;
}

/** The sort a parameter asks for, when it names one of `columns`; else `fallback`. */
export function parseSort(param: string | null, columns: Iterable<string>, fallback: SortState): SortState {
  const match = param ? /^(.+)-(asc|desc)$/.exec(param) : null;
  if (!match || ![...columns].includes(match[1]!)) return fallback;
  return { column: match[1]!, direction: match[2] as SortDirection };
}

/** The parameter of a sort; null for the table's own order (the address stays clean). */
export function formatSort(sort: SortState, fallback: SortState): string | null {
  return sort.column === fallback.column && sort.direction === fallback.direction ? null : `${sort.column}-${sort.direction}`;
}

/** The sort after a click on `column`: the same column turns around, another starts with its first direction. */
export function nextSort(current: SortState, column: string, firstDirection: SortDirection): SortState {
  if (current.column !== column) return { column, direction: firstDirection };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/**
 * The rows in the order of `sort`: missing values always last, equal values in their served order (the served
 * order is the table's own ranking, so ties keep it).
 */
export function sortRows<Row>(rows: readonly Row[], sort: SortState, column: SortColumn<Row> | undefined): Row[] {
  if (!column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: column.value(row) }))
    .sort((a, b) => {
      const aMissing = a.value === null || a.value === undefined;
      const bMissing = b.value === null || b.value === undefined;
      if (aMissing || bMissing) return aMissing === bMissing ? a.index - b.index : aMissing ? 1 : -1;
      const order = typeof a.value === 'string' && typeof b.value === 'string'
        ? a.value.localeCompare(b.value, 'ko')
        : Number(a.value) - Number(b.value);
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((entry) => entry.row);
}

/** A row with a rated record's figures, as the API names them. */
interface RecordRow {
  matches: number;
  win: number;
  lose: number;
  draw: number;
  win_rate: number | null;
  kd_rate: number | null;
}

/** The sortable columns of a record's figures (matches, wins, losses, draws, win rate, K/D %), highest first. */
export function recordSortColumns<Row extends RecordRow>(): Record<'matches' | 'win' | 'lose' | 'draw' | 'winRate' | 'kd', SortColumn<Row>> {
  return {
    matches: { value: (row) => row.matches, firstDirection: 'desc' },
    win: { value: (row) => row.win, firstDirection: 'desc' },
    lose: { value: (row) => row.lose, firstDirection: 'desc' },
    draw: { value: (row) => row.draw, firstDirection: 'desc' },
    winRate: { value: (row) => row.win_rate, firstDirection: 'desc' },
    kd: { value: (row) => row.kd_rate, firstDirection: 'desc' },
  };
}
