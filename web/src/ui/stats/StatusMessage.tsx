import type { ReactNode } from 'react';
import './stats.css';

/**
 * The loading / error / empty line of a statistics page. Loading and empty are polite status updates; an error
 * is an alert so screen readers announce it.
 */
export function StatusMessage({ kind, children }: { kind: 'loading' | 'error' | 'empty' | 'info'; children: ReactNode }) {
  return (
    <p className={`status-message status-message--${kind}`} role={kind === 'error' ? 'alert' : 'status'}
      data-testid={`status-${kind}`}>
      {children}
    </p>
  );
}

/**
 * Placeholder rows shaped like a table body, so the page does not jump when the data arrives. Hidden from
 * assistive technology; pair it with a StatusMessage or an aria-busy container.
 */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} className="skeleton-row" aria-hidden="true">
          {Array.from({ length: columns }, (_, column) => (
            <td key={column}><span className="skeleton-bar" /></td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** Placeholder blocks for card lists (mobile layouts), each `height` pixels tall. */
export function SkeletonCards({ count, height }: { count: number; height: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton-card" style={{ height }} aria-hidden="true" />
      ))}
    </>
  );
}
