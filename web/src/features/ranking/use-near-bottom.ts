import { useEffect, type RefObject } from 'react';

/**
 * Calls `onNearBottom` whenever `end` (an empty element after the list) comes within `thresholdPx` below the
 * screen while `enabled`, and again after each re-render with other `deps` while it is still that close: the
 * infinite-scroll trigger of the ranking page. An IntersectionObserver tells it without reading the page's
 * layout on every scroll event (a read that forced a layout right after each page of rows was rendered).
 */
export function useNearBottom(
  end: RefObject<HTMLElement | null>, enabled: boolean, thresholdPx: number, onNearBottom: () => void, deps: readonly unknown[],
): void {
  useEffect(() => {
    const target = end.current;
    if (!enabled || !target) return undefined;
    // A new observer reports the current state once, so a list still too short to fill the screen loads on.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNearBottom();
      },
      { rootMargin: `0px 0px ${thresholdPx}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [end, enabled, thresholdPx, onNearBottom, ...deps]);
}
