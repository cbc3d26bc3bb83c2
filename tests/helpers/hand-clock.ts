import type { PacingClock } from '../../server/plugins/league-refresh-pacing.js';

/** A clock that moves only when the test says: its timers run, in time order, as `advance` passes them. */
export interface HandClock extends PacingClock {
  advance(ms: number): void;
  /** Timers set and not yet run or cleared. */
  pending(): number;
}

export function handClock(start = 1_000_000): HandClock {
  let now = start;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimeout(run, ms) {
      nextId += 1;
      timers.set(nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimeout(timer) {
      timers.delete(timer as number);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const [id, next] = [...timers].filter(([, timer]) => timer.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0] ?? [];
        if (id === undefined || !next) break;
        timers.delete(id);
        now = next.at;
        next.run();
      }
      now = until;
    },
    pending: () => timers.size,
  };
}
