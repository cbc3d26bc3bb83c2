import { koreanToday } from './korean-day';

/**
 * Notices hidden "for today", as { noticeId: 'YYYY-MM-DD' } (docs/product/notices.md#hide-for-today). The home page's
 * popup reads and writes the same key, so hiding a notice in one hides it in the other.
 */
const DISMISSED_KEY = 'sal.notice.popupDismissed';

function readDismissed(): Record<string, string> {
  try {
    const stored = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function isDismissedToday(noticeId: string): boolean {
  return readDismissed()[noticeId] === koreanToday();
}

/** Hides a notice until the day changes; entries of other days are dropped so the set never grows. */
export function dismissForToday(noticeId: string): void {
  const today = koreanToday();
  const kept = Object.fromEntries(Object.entries(readDismissed()).filter(([, day]) => day === today));
  localStorage.setItem(DISMISSED_KEY, JSON.stringify({ ...kept, [noticeId]: today }));
}
