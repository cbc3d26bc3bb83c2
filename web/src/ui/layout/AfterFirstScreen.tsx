import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * `children` rendered once the browser has painted what comes before them, as a transition: a long page's first
 * screen paints without waiting for the panels below it, and React renders those in slices of a few milliseconds
 * (a transition yields to the browser; an answer arriving through a query hook renders in one piece), so a phone
 * answers taps and scrolling meanwhile. Nothing takes their place for that frame: they sit below the first
 * screen, so nothing above them moves.
 */
export function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    // A frame, then a task: the transition starts after the browser has painted the first screen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return shown ? children : null;
}
