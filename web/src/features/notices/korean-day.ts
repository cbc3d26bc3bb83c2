const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Today's date in Korean time as YYYY-MM-DD (popup days and "hide for today" follow Korean days). */
export function koreanToday(now: Date = new Date()): string {
  return new Date(now.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Korean calendar day of an ISO instant (a stored popup start or end), for a date input. */
export function koreanDayOf(iso: string | null): string | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time + KST_OFFSET_MS).toISOString().slice(0, 10);
}
