const DATE_TIME = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long', timeStyle: 'short' });
const DATE_ONLY = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'long' });

/** "2026년 11월 22일 오후 1:05" in the reader's time zone; null stays null. */
export function formatDateTime(iso: string | null): string | null {
  return iso ? DATE_TIME.format(new Date(iso)) : null;
}

/** "2026년 11월 22일". */
export function formatDate(iso: string): string {
  return DATE_ONLY.format(new Date(iso));
}
