import { useSyncExternalStore } from 'react';

/** True while the media query matches; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The shell's phone layout: under 820 px (the home breakpoint of the spec). */
export const SHELL_MOBILE_QUERY = '(max-width: 819.98px)';
