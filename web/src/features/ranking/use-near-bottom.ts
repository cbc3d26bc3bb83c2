import { useEffect } from 'react';

/**
 * Calls `onNearBottom` whenever the page is scrolled (or resized, or re-rendered with `deps`) to within
 * `thresholdPx` of its bottom while `enabled`: the infinite-scroll trigger of the ranking page.
 */
export function useNearBottom(enabled: boolean, thresholdPx: number, onNearBottom: () => void, deps: readonly unknown[]): void {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      const bottom = window.scrollY + window.innerHeight;
      if (bottom >= document.documentElement.scrollHeight - thresholdPx) onNearBottom();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [enabled, thresholdPx, onNearBottom, ...deps]);
}
