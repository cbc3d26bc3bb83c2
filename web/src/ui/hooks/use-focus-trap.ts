import { useEffect, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Keeps Tab and Shift+Tab inside `ref`'s element while it is shown and `active` (a modal dialog: what is behind it
 * cannot be reached), wrapping from the last control to the first and back; when the trap ends, the focus goes
 * back to where it was before.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const controls = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const current = document.activeElement;
      const outside = !container.contains(current);
      if (event.shiftKey && (current === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('keydown', handleKey);
      if (before?.isConnected) before.focus();
    };
  }, [ref, active]);
}
