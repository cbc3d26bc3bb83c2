import { EMPTY_MARKS, parseBrowserMarks, type BrowserMarks } from './mark-lists.js';

/**
 * A visitor's favourites and recently viewed clans and players, kept in this browser (local storage) until they
 * sign in, when they move to the account (use-merge-marks.ts). Newest first; the same limits as the account.
 */
export const BROWSER_MARKS_KEY = 'sal.readerMarks';
/** The clan header's earlier favourites (a list of {league, slug, name}), taken over once. */
export const OLD_FAVOURITE_CLANS_KEY = 'sal.favouriteClans';

// The browser's copy, shared by every component of the tab and followed across tabs (the storage event).
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedMarks: BrowserMarks = EMPTY_MARKS;

/** The current lists (the same object until they change, as useSyncExternalStore needs). */
export function readBrowserMarks(): BrowserMarks {
  let raw: string | null = null;
  let oldClans: string | null = null;
  try {
    raw = localStorage.getItem(BROWSER_MARKS_KEY);
    oldClans = localStorage.getItem(OLD_FAVOURITE_CLANS_KEY);
  } catch {
    return cachedMarks;
  }
  const key = `${raw}\u0000${oldClans}`;
  if (key === cachedRaw) return cachedMarks;
  cachedRaw = key;
  cachedMarks = parseBrowserMarks(raw, oldClans);
  return cachedMarks;
}

/** Stores the lists (and drops the old clan list, now part of them); storage full or off: the change is lost. */
export function writeBrowserMarks(marks: BrowserMarks): void {
  try {
    localStorage.setItem(BROWSER_MARKS_KEY, JSON.stringify(marks));
    localStorage.removeItem(OLD_FAVOURITE_CLANS_KEY);
  } catch {
    // Nothing to do: the lists are a convenience.
  }
  listeners.forEach((notify) => notify());
}

/** Empties the browser's lists (they moved to the account). */
export function clearBrowserMarks(): void {
  try {
    localStorage.removeItem(BROWSER_MARKS_KEY);
    localStorage.removeItem(OLD_FAVOURITE_CLANS_KEY);
  } catch {
    // As above.
  }
  listeners.forEach((notify) => notify());
}

export function subscribeBrowserMarks(notify: () => void): () => void {
  listeners.add(notify);
  window.addEventListener('storage', notify);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', notify);
  };
}
