import { startTransition, useEffect, useState } from 'react';

/** Rows rendered at once: the first piece covers a desktop screen of table rows (and four of a phone's). */
export const ROWS_PER_PIECE = 20;

/**
 * The first `ROWS_PER_PIECE` of `items` at once, then a further piece after each paint until all are shown: a
 * long list's first screen paints without waiting for the rows below it, and no single task renders a hundred
 * rows, so the page answers taps and scrolling meanwhile. Each further piece renders as a transition, which React
 * renders in slices of a few milliseconds: rendered at once, twenty phone cards were a 50-250 ms task on a phone's
 * slower CPU (Lighthouse's 4x), one after another until the hundred were shown. Rows added later (a further page of an infinite list)
 * come the same way; rows already shown stay. With `inPieces` false (a table, whose columns would widen as rows
 * arrive) all rows show at once.
 */
export function useRenderedInPieces<T>(items: readonly T[], inPieces = true): readonly T[] {
  const [limit, setLimit] = useState(ROWS_PER_PIECE);
  const total = items.length;
  useEffect(() => {
    if (!inPieces || limit >= total) return undefined;
    // A frame, then a task: the next piece starts after the browser has painted this one.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLimit(Math.min(limit + ROWS_PER_PIECE, total))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [inPieces, limit, total]);
  return !inPieces || limit >= total ? items : items.slice(0, limit);
}
