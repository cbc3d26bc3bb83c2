import { useEffect, useState, type KeyboardEvent } from 'react';

/**
 * Keyboard moves of a combobox whose focus stays in its text box (WAI-ARIA combobox with a listbox popup):
 * ArrowDown/ArrowUp move the active option and wrap around, Enter chooses the active option. Enter with no
 * active option is left to the form (the search box's full search). The active option scrolls into view.
 */
export function useListboxNavigation<T extends { id: string }>(options: readonly T[], onChoose: (option: T) => void, onOpen: () => void) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = options.find((option) => option.id === activeId) ?? null;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      onOpen();
      if (options.length === 0) return;
      const index = active ? options.indexOf(active) : -1;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next = index === -1 ? (step === 1 ? 0 : options.length - 1) : (index + step + options.length) % options.length;
      setActiveId(options[next]!.id);
    } else if (event.key === 'Enter' && active) {
      event.preventDefault();
      setActiveId(null);
      onChoose(active);
    }
  }

  return { active, handleKeyDown, reset: () => setActiveId(null) };
}
