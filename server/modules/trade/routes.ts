import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import chatRoutes from './chat-routes.js';
import dealRoutes from './deal-routes.js';
import postRoutes from './post-routes.js';
import { noTradeEvents, type TradeEvents } from './trade-events.js';
import trustRoutes from './trust-routes.js';

export interface TradeModuleOptions {
  prisma: Database;
  /** Where the module announces changes after they commit; the live push (issue 8) passes its own. */
  events?: TradeEvents;
}

/** The trade marketplace's REST surface (02-community.md §7 Trade), apart from vendor ads (modules/ads). */
const tradeModule: FastifyPluginAsync<TradeModuleOptions> = async (app, options) => {
  const deps = { prisma: options.prisma, events: options.events ?? noTradeEvents };
  await app.register(postRoutes, deps);
  await app.register(dealRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(trustRoutes, deps);
};

export default tradeModule;
