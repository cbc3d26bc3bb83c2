/**
 * Intl formatters made once, on first use. Making one loads and reads its locale data (the first one of a page
 * costs 100-250 ms on a throttled phone), and `number.toLocaleString('ko-KR')` made a new one on every call, so a
 * list paid it for every figure of every row. Made lazily, the app's start pays for none and a page only for
 * those it shows.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const koreanNumbers = onFirstUse(() => new Intl.NumberFormat('ko-KR'));

/**
 * A number as `toLocaleString('ko-KR')` writes it (1,234,567). Whole numbers, nearly all the figures the
 * statistics pages show, are grouped here by hand (the same text): a ranking or standings page then shows its
 * first screen without paying for an Intl formatter at all.
 */
export function formatKoreanNumber(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return koreanNumbers().format(value);
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let start = grouped.length; start < digits.length; start += 3) grouped += `,${digits.slice(start, start + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "11. 27.": month and day as Intl's ko-KR writes them with two digits each, in the reader's time zone, written
 * by hand: the first date formatter of a page took 20-30 ms to make (about 100 ms on a phone's slower CPU), the
 * longest task of a player page's match list and rating chart.
 */
export function formatNumericDate(date: Date): string {
  return `${twoDigits(date.getMonth() + 1)}. ${twoDigits(date.getDate())}.`;
}

/** "26. 11. 27. 14:05": two-digit year, month and day, then the 24-hour time, as Intl's ko-KR writes them. */
export function formatNumericDateTime(date: Date): string {
  return `${twoDigits(date.getFullYear() % 100)}. ${formatNumericDate(date)} ${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}
