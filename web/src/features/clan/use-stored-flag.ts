import { useCallback, useState } from 'react';

/** Prefix of the panel open/closed flags this area keeps in local storage (docs/product/clans.md#remembered-panels). */
const FLAG_PREFIX = 'sal.panel.';

function readFlag(key: string, fallback: boolean): boolean {
  try {
    const stored = localStorage.getItem(FLAG_PREFIX + key);
    return stored === null ? fallback : stored === '1';
  } catch {
    return fallback;
  }
}

/** A boolean remembered in local storage under `sal.panel.<key>`, e.g. whether a collapsible panel is open. */
export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(key, fallback));
  const [currentKey, setCurrentKey] = useState(key);
  if (currentKey !== key) {
    // A different panel key (e.g. the layout switched between mobile and desktop) reads its own stored state.
    setCurrentKey(key);
    setValue(readFlag(key, fallback));
  }
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(FLAG_PREFIX + key, next ? '1' : '0');
      } catch {
        // Private mode without storage: the panel still works, it just is not remembered.
      }
    },
    [key],
  );
  return [value, update];
}
