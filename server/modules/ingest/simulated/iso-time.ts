const DAY_MS = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, '0'));

let cachedDay = Number.NaN;
let cachedDatePrefix = '';

/** Date#toISOString of a whole-millisecond time (years 0-9999), faster: it was a fifth of the generator's time. */
export function isoTime(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  if (day !== cachedDay) {
    cachedDay = day;
    cachedDatePrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
  }
  const inDay = ms - day * DAY_MS;
  const hours = Math.floor(inDay / 3_600_000);
  const minutes = Math.floor(inDay / 60_000) % 60;
  const seconds = Math.floor(inDay / 1000) % 60;
  const time = `${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[inDay % 1000]}`;
  return `${cachedDatePrefix}${time}Z`;
}
