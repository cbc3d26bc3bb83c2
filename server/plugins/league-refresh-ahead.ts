import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readTags } from '../modules/stats-core/read-tags.js';
import type { StatsCore } from '../modules/stats-core/stats-core.js';
import type { PublicReadCache } from './public-read-cache.js';

/**
 * A league's refresh built in the background (docs/caching.md, "League refreshes in the background"): its snapshots
 * (those kept for it) and its league-wide tables' kept answers (`rebuiltAhead` routes, computed through the app
 * itself, seeing the new snapshots) are made aside while readers are served the old ones, then swapped in with the
 * league's change in one turn: the change clears what else showed the league (clan and player headers, computed by
 * their next reader from the new snapshots), and no read sees old and new mixed. Only with paced refreshes
 * (league-data-changes.ts): unpaced, every change is heard at once and read afresh.
 */
export default fp(
  async function leagueRefreshAhead(app: FastifyInstance, { core, cache }: { core: StatsCore; cache?: PublicReadCache }) {
    app.leagueDataChanges.refreshInBackground(async (league) => {
      const snapshots = core.prepare(league);
      if (!snapshots) return (announce) => announce();
      const urls = cache?.rebuiltAheadUrls(readTags.league(league)) ?? [];
      // Awaited inside the run: inject's answer is a lazy thenable that dispatches the request when awaited.
      const answers = cache && await cache.computeAside(urls, (url) => snapshots.run(async () => await app.inject({ url })));
      await snapshots.settled();
      return (announce) => {
        const swap = () => {
          announce();
          snapshots.install();
        };
        if (cache && answers) cache.swapIn(answers, swap);
        else swap();
      };
    });
    core.refreshStaleInBackground((league) => app.leagueDataChanges.refreshStale(league));
  },
  { name: 'league-refresh-ahead', dependencies: ['league-data-changes'] },
);
