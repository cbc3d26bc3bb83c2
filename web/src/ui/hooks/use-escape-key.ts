import { useEffect } from 'react';

/** Calls `onEscape` when Escape is pressed anywhere on the page while `active` (dialogs, drawers, menus). */
export function useEscapeKey(onEscape: () => void, active = true): void {
  useEffect(() => {
    if (!active) return;
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [onEscape, active]);
}
