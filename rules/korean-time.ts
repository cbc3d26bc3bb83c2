// Times as Korean readers write them. No imports: both sides bundle it.

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) of `date` in `timeZone`. */
function hourIn(date: Date, timeZone: string): number {
  let format = hourFormats.get(timeZone);
  if (!format) hourFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })));
  return Number(format.format(date));
}

/**
 * `date` formatted by a Korean 12-hour `format`, with the half of the day written as `words` (오전/오후): ICU's
 * current Korean data names it "AM"/"PM", so Intl alone writes "PM 5:15" into Korean text. The hour is read in the
 * format's own time zone.
 */
export function formatWithKoreanDayPeriod(format: Intl.DateTimeFormat, date: Date, words: { morning: string; afternoon: string }): string {
  const morning = hourIn(date, format.resolvedOptions().timeZone) < 12;
  return format.formatToParts(date)
    .map((part) => (part.type === 'dayPeriod' ? (morning ? words.morning : words.afternoon) : part.value))
    .join('');
}
