import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ko } from '../../i18n/ko';
import { SkeletonRows, StatusMessage } from '../../ui/stats';
import { HOME_TOP_LIMIT } from './home-queries';

const t = ko.stats;

interface HomeTopPanelProps<Row> {
  id: string;
  title: string;
  more: { to: string; label: string };
  emptyText: string;
  rows: UseQueryResult<Row[], unknown>;
  /** The header cells; each row renders as many. */
  columns: ReactNode;
  columnCount: number;
  renderRow(row: Row): ReactNode;
}

/** A home Top 5 panel: title and "more" link, the table with skeleton rows while loading, or the error/empty text. */
export function HomeTopPanel<Row>({ id, title, more, emptyText, rows, columns, columnCount, renderRow }: HomeTopPanelProps<Row>) {
  return (
    <section className="home-top stats-panel" aria-labelledby={id}>
      <header className="home-top__head">
        <h2 id={id}>{title}</h2>
        <Link to={more.to} className="home-top__more">{more.label}</Link>
      </header>
      {rows.isError && <StatusMessage kind="error">{t.home.loadError}</StatusMessage>}
      {rows.data?.length === 0 && <StatusMessage kind="empty">{emptyText}</StatusMessage>}
      {(rows.isPending || (rows.data && rows.data.length > 0)) && (
        <div className="stats-table-wrap">
          <table className="stats-table home-top__table" aria-busy={rows.isPending} data-testid={id}>
            <thead>
              <tr>{columns}</tr>
            </thead>
            <tbody>
              {rows.isPending ? <SkeletonRows rows={HOME_TOP_LIMIT} columns={columnCount} /> : rows.data?.map(renderRow)}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
