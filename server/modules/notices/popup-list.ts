import type { Notice } from '../../contracts/notices.js';

/**
 * How long the popup notices showing now are answered from memory. Every visit's first page asks for them (the
 * home page's popup), and they change only when an admin writes a notice or a member likes or comments on one: a
 * database read per page cost the home page its slowest call under load (docs/performance.md). A write through this
 * process's notice routes clears them at once; another process's write, or a view count, shows here this much later.
 */
export const POPUP_LIST_FRESH_MS = 2_000;

/**
 * The popup list by limit, read by `read` at most once per POPUP_LIST_FRESH_MS (readers meanwhile share the one
 * read); a failed read is not kept.
 */
export function popupListMemo(read: (limit: number) => Promise<Notice[]>, now: () => number = () => performance.now()) {
  const kept = new Map<number, { readAt: number; list: Promise<Notice[]> }>();
  return {
    list(limit: number): Promise<Notice[]> {
      const entry = kept.get(limit);
      if (entry && now() - entry.readAt < POPUP_LIST_FRESH_MS) return entry.list;
      const list = read(limit);
      kept.set(limit, { readAt: now(), list });
      list.catch(() => {
        if (kept.get(limit)?.list === list) kept.delete(limit);
      });
      return list;
    },
    /** After a write: the next reader reads the database (a read begun before it is not kept either). */
    clear(): void {
      kept.clear();
    },
  };
}
