import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readTags } from '../modules/stats-core/read-tags.js';
import type { StatsCore } from '../modules/stats-core/stats-core.js';
import { ASIDE_HEADER, computedThrough, type PublicReadCache } from './public-read-cache.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The statistics core a league table computed aside by a background refresh reads (the league's new snapshots);
     * undefined for a client's request (the core the routes were given).
     */
    statsAside?: StatsCore;
  }
}

/**
 * A league's refresh built in the background (docs/caching.md, "League refreshes in the background"): its snapshots
 * (those kept for it) and its league-wide tables' kept answers (`rebuiltAhead` routes, computed through the app
 * itself, reading the new snapshots) are made aside while readers are served the old ones, then swapped in with the
 * league's change in one turn: the change clears what else showed the league (clan and player headers, computed by
 * their next reader from the new snapshots), and no read sees old and new mixed. Only with paced refreshes
 * (league-data-changes.ts): unpaced, every change is heard at once and read afresh.
 *
 * The requests computed aside are told apart by a token in a header, made per refresh and known only here while it
 * runs (not by AsyncLocalStorage: on Node 20 one run of it slows every promise of the process about fourfold).
 */
export default fp(
  async function leagueRefreshAhead(app: FastifyInstance, { core, cache }: { core: StatsCore; cache?: PublicReadCache }) {
    const asideCores = new Map<string, StatsCore>();
    app.addHook('onRequest', async (request) => {
      const token = request.headers[ASIDE_HEADER];
      if (typeof token === 'string') request.statsAside = asideCores.get(token);
    });

    app.leagueDataChanges.refreshInBackground(async (league) => {
      const prepared = core.prepare(league);
      if (!prepared) return (announce) => announce();
      const token = randomUUID();
      asideCores.set(token, prepared.core);
      try {
        const urls = cache?.rebuiltAheadUrls(readTags.league(league)) ?? [];
        const answers = cache && await cache.computeAside(urls, token, computedThrough(app, token));
        await prepared.settled();
        return (announce) => {
          const swap = () => {
            announce();
            prepared.install();
          };
          if (cache && answers) cache.swapIn(answers, swap);
          else swap();
        };
      } finally {
        asideCores.delete(token);
      }
    });
    core.refreshStaleInBackground((league) => app.leagueDataChanges.refreshStale(league));
  },
  { name: 'league-refresh-ahead', dependencies: ['league-data-changes'] },
);
