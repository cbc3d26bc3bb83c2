import type { FastifyBaseLogger } from 'fastify';
import type { LeagueDataChange } from '../modules/ingest/ingest-api.js';

/**
 * Builds a league's refresh aside (its snapshots and the answers showing them, while the old ones are served);
 * resolves to its swap, which runs `announce` (every reader of the app hears the league's change and drops what
 * it kept of the league) and puts the new ones in their place, in the same turn.
 */
export type PrepareLeagueRefresh = (league: string) => Promise<(announce: () => void) => void>;

/** The change a league's refresh announces: the league's tables and orders, nothing of its own. */
function leagueRefresh(league: string): LeagueDataChange {
  return { leagues: [league], clans: [], players: [], matches: [] };
}

/**
 * Runs the league refreshes the pacing lets through in the background (stale-while-revalidate, docs/decisions.md
 * "League tables are rebuilt in the background and swapped in"): one at a time per process, leagues in the order
 * asked, whoever asks; an ask for a league whose refresh waits its turn is covered by it (it has not read yet), one
 * for a league being built follows that build (which may have read the data before the change). When preparing
 * fails, the league's change is announced as it is, so its readers compute it as before.
 *
 * One league at a time, not every league at once: the pacing lets every league with a match through at the same
 * moment every interval, and four builds together (their orders and standings read and sorted by PostgreSQL at
 * once, their tables computed, the headers they clear read again) held both cores for most of a second, in which
 * every chat push and read waited (docs/performance.md, "League refreshes one at a time").
 */
export function backgroundLeagueRefreshes(
  prepare: PrepareLeagueRefresh,
  deliver: (change: LeagueDataChange) => void,
  { log, hold }: { log: FastifyBaseLogger; hold?: (league: string) => Promise<void> },
) {
  /** Every league asked for until its refresh has swapped in, waiting its turn or being built. */
  const running = new Map<string, Promise<void>>();
  /** Leagues asked for whose refresh has not begun building. */
  const waiting = new Set<string>();
  const again = new Set<string>();
  /** The last refresh asked for: the next one starts after it. */
  let lane: Promise<void> = Promise.resolve();

  async function refreshOnce(league: string): Promise<void> {
    const announce = () => deliver(leagueRefresh(league));
    let swap: ((announce: () => void) => void) | undefined;
    try {
      swap = await prepare(league);
      await hold?.(league);
    } catch (error) {
      log.warn({ err: error, league }, 'a league refresh could not be built in the background; its readers compute it');
    }
    if (swap) swap(announce);
    else announce();
  }

  function request(league: string): void {
    if (running.has(league)) {
      if (!waiting.has(league)) again.add(league);
      return;
    }
    waiting.add(league);
    const run = lane.then(() => {
      waiting.delete(league);
      return refreshOnce(league);
    }).catch((error: unknown) => {
      log.error({ err: error, league }, 'a league refresh failed to swap in');
    }).finally(() => {
      running.delete(league);
      if (again.delete(league)) request(league);
    });
    lane = run;
    running.set(league, run);
  }

  return {
    /** Refreshes the league in the background (after the one running, if any). */
    request,
    /** A league whose kept tables were found out of date: refreshed in the background unless one runs already. */
    requestUnlessRunning(league: string): void {
      if (!running.has(league)) request(league);
    },
    /** Resolves once no refresh runs or waits (the tests await it after moving the pacing's clock). */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
