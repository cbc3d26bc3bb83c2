import type { Notice } from '../../contracts/notices.js';

/**
 * How long the popup notices showing now are answered from memory before they are read again. Every visit's first
 * page asks for them (the home page's popup), and they change only when an admin writes a notice or a member likes or
 * comments on one: a database read per page cost the home page its slowest call under load (docs/performance.md).
 * A write through this process's notice routes clears them at once; another process's write, or a view count, shows
 * here about this much later.
 */
export const POPUP_LIST_FRESH_MS = 2_000;

interface KeptList {
  readAt: number;
  list: Promise<Notice[]>;
  /** The read replacing it, begun by the first reader after it was POPUP_LIST_FRESH_MS old. */
  next?: Promise<Notice[]>;
}

/**
 * The popup list by limit, read by `read` at most once per POPUP_LIST_FRESH_MS. Readers meanwhile share the one
 * read; once the list is older, readers get it as it is while it is read again in the background, so only the first
 * reader, and the first after a write, wait for the database. A failed read is not kept.
 */
export function popupListMemo(read: (limit: number) => Promise<Notice[]>, now: () => number = () => performance.now()) {
  const kept = new Map<number, KeptList>();

  function start(limit: number): KeptList {
    const entry: KeptList = { readAt: now(), list: read(limit) };
    kept.set(limit, entry);
    entry.list.catch(() => {
      if (kept.get(limit) === entry) kept.delete(limit);
    });
    return entry;
  }

  function readAgain(limit: number, entry: KeptList): void {
    const readAt = now();
    const next = read(limit);
    entry.next = next;
    next.then(
      () => {
        // Not after a write cleared the list meanwhile: this read may have begun before it.
        if (kept.get(limit) === entry) kept.set(limit, { readAt, list: next });
      },
      () => {
        if (entry.next === next) entry.next = undefined;
      },
    );
  }

  return {
    list(limit: number): Promise<Notice[]> {
      const entry = kept.get(limit);
      if (!entry) return start(limit).list;
      if (!entry.next && now() - entry.readAt >= POPUP_LIST_FRESH_MS) readAgain(limit, entry);
      return entry.list;
    },
    /** After a write: the next reader reads the database (a read begun before it is not kept either). */
    clear(): void {
      kept.clear();
    },
  };
}
