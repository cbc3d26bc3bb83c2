import { apportion } from './apportion.js';
import { cumulativeWeights, type Random } from './random.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const KST_OFFSET_MS = 9 * HOUR_MS;
/** How busy each hour of the day is in Korea (index = KST hour): clan matches are an evening thing. */
const KST_HOUR_ACTIVITY = [
  6, 4, 2, 1, 0.5, 0.3, 0.3, 0.5, 0.8, 1, 1.2, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 7, 9, 10, 10, 8,
];

/**
 * The league's days, each a 24-hour window ending at or before `endMs`: how much happens on which day
 * (weekends busier, the league slowly growing) and when within the day (evenings, Korean time).
 */
export class LeagueCalendar {
  private readonly dayWeights: number[];
  private readonly hourWeights: Float64Array;

  constructor(
    private readonly startMs: number,
    private readonly days: number,
    private readonly random: Random,
  ) {
    this.dayWeights = Array.from({ length: days }, (_, day) => {
      const weekday = new Date(startMs + day * DAY_MS + 12 * HOUR_MS + KST_OFFSET_MS).getUTCDay();
      const weekly = weekday === 0 || weekday === 6 ? 1.5 : weekday === 5 ? 1.2 : 1;
      return weekly * (0.85 + (0.3 * day) / days) * random.between(0.85, 1.15);
    });
    this.hourWeights = cumulativeWeights(
      Array.from({ length: 24 }, (_, hour) => {
        const kstHour = Math.floor(((startMs + hour * HOUR_MS + KST_OFFSET_MS) % DAY_MS) / HOUR_MS);
        return KST_HOUR_ACTIVITY[(kstHour + 24) % 24] ?? 1;
      }),
    );
  }

  /** Shares `total` happenings (matches, moves) over the days, busier days getting more. */
  spread(total: number): number[] {
    return apportion(total, this.dayWeights, this.random);
  }

  /** `count` instants within `day`, oldest first, following the hours people play. */
  times(day: number, count: number): Float64Array {
    const dayStart = this.startMs + day * DAY_MS;
    const times = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      const hour = this.random.weightedIndex(this.hourWeights);
      times[i] = Math.floor(dayStart + (hour + this.random.next()) * HOUR_MS);
    }
    return times.sort();
  }
}
