import type { LeagueDataChange } from '../modules/ingest/ingest-api.js';

/** The time and timers the pacing runs on: the process's own, or a test's hand-moved clock. */
export interface PacingClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

export const SYSTEM_CLOCK: PacingClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

/**
 * Paces the league-wide part of the changes a process hears (docs/decisions.md, "League tables refresh at most
 * every few seconds while matches stream in"): what a change names of its own (clans, players, matches) is passed on
 * at once, and so is a change of everything; a league named by a change is passed on at once when its last
 * league-wide refresh is `intervalMs` or more ago, else once, at that refresh plus `intervalMs` (a trailing refresh,
 * so the league's last change always shows within the interval). With a match a second in a league, its tables,
 * orders and every clan and player header showing a place are then recomputed once an interval instead of once a
 * second. Every process paces the changes it hears itself (its own writes and other processes' NOTIFY alike), so
 * each one shows a league's final state at most `intervalMs` after it heard the change. `intervalMs` 0: everything
 * at once.
 */
export function paceLeagueRefreshes(deliver: (change: LeagueDataChange) => void, intervalMs: number, clock: PacingClock = SYSTEM_CLOCK) {
  /** When each league's league-wide part was last passed on. */
  const lastRefresh = new Map<string, number>();
  /** The trailing refresh due for a league whose change came within the interval. */
  const due = new Map<string, unknown>();

  const refresh = (league: string) => {
    due.delete(league);
    lastRefresh.set(league, clock.now());
    deliver({ leagues: [league], clans: [], players: [], matches: [] });
  };

  return {
    hear(change: LeagueDataChange): void {
      if (change.everything || intervalMs <= 0) {
        deliver(change);
        return;
      }
      const now = clock.now();
      const atOnce: string[] = [];
      for (const league of change.leagues) {
        // A trailing refresh already due reads the data after this change too.
        if (due.has(league)) continue;
        const last = lastRefresh.get(league);
        if (last === undefined || now - last >= intervalMs) {
          lastRefresh.set(league, now);
          atOnce.push(league);
        } else {
          due.set(league, clock.setTimeout(() => refresh(league), last + intervalMs - now));
        }
      }
      deliver({ ...change, leagues: atOnce });
    },
    /** Stops the trailing refreshes still due (the app closes). */
    stop(): void {
      for (const timer of due.values()) clock.clearTimeout(timer);
      due.clear();
    },
  };
}
