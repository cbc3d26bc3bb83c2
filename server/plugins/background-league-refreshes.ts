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
 * "League tables are rebuilt in the background and swapped in"): one at a time per league and process, whoever
 * asks; a refresh asked while one runs follows it (the running one may have read the data before the change).
 * When preparing fails, the league's change is announced as it is, so its readers compute it as before.
 */
export function backgroundLeagueRefreshes(
  prepare: PrepareLeagueRefresh,
  deliver: (change: LeagueDataChange) => void,
  { log, hold }: { log: FastifyBaseLogger; hold?: (league: string) => Promise<void> },
) {
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

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
      again.add(league);
      return;
    }
    const run = refreshOnce(league).catch((error: unknown) => {
      log.error({ err: error, league }, 'a league refresh failed to swap in');
    }).finally(() => {
      running.delete(league);
      if (again.delete(league)) request(league);
    });
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
