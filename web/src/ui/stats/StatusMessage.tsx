import type { ReactNode } from 'react';
import './stats.css';

/**
 * The loading / error / empty line of a statistics page. Loading and empty are polite status updates; an error
 * is an alert so screen readers announce it.
 */
export function StatusMessage({ kind, overlay = false, children }: {
  kind: 'loading' | 'error' | 'empty' | 'info';
  /** Laid over a skeleton (SkeletonFrame) instead of taking a line of its own. */
  overlay?: boolean;
  children: ReactNode;
}) {
  return (
    <p className={`status-message status-message--${kind}${overlay ? ' status-message--overlay' : ''}`} role={kind === 'error' ? 'alert' : 'status'}
      data-testid={`status-${kind}`}>
      {children}
    </p>
  );
}

/**
 * A skeleton (or the content that replaced it) with the page's loading text laid over it while `loading`: the
 * text takes no room of its own, so nothing moves when the data arrives, and it stays where the reader looks.
 */
export function SkeletonFrame({ loading, text, children }: { loading: boolean; text: ReactNode; children: ReactNode }) {
  return (
    <div className="skeleton-frame" aria-busy={loading}>
      {loading && <StatusMessage kind="loading" overlay>{text}</StatusMessage>}
      {children}
    </div>
  );
}

/**
 * Placeholder rows shaped like a table body, so the page does not jump when the data arrives (each table's
 * stylesheet gives its rows, these too, the height of a real row). Hidden from assistive technology; pair it
 * with a SkeletonFrame or an aria-busy container.
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

/** Placeholder blocks for card lists (mobile layouts), each `height` pixels tall and spaced like the lists. */
export function SkeletonCards({ count, height }: { count: number; height: number }) {
  return (
    <div className="skeleton-cards" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton-card" style={{ height }} />
      ))}
    </div>
  );
}
