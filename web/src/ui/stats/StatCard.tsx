import type { ReactNode } from 'react';
import './stats.css';

/** A small labelled figure (rating, win rate, K/D...) for card grids on clan, player and search pages. */
export function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stat-card">
      <dt className="stat-card__label">{label}</dt>
      <dd className="stat-card__value">{children}</dd>
    </div>
  );
}

/** The definition list that holds StatCards (a grid that wraps on narrow screens). */
export function StatGrid({ children, label }: { children: ReactNode; label?: string }) {
  return <dl className="stat-grid" aria-label={label}>{children}</dl>;
}
