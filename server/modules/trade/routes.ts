import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import chatRoutes from './chat-routes.js';
import { dealLifecycleService } from './deal-lifecycle-service.js';
import dealRoutes from './deal-routes.js';
import postRoutes from './post-routes.js';
import { noTradeEvents, type TradeEvents } from './trade-events.js';
import safetyRoutes from './safety-routes.js';
import type { TradeDeps } from './trade-db.js';
import trustRoutes from './trust-routes.js';

export interface TradeModuleOptions {
  prisma: Database;
  /**
   * Where the module announces changes after they commit; the live push (docs/product/trade.md#live-push) passes its
   * own.
   */
  events?: TradeEvents;
  /** How often this process looks for open deals past their expiry (default 60 s; 0: only when deals are read). */
  expirySweepMs?: number;
}

/** The trade marketplace's REST surface (docs/product/trade.md), apart from vendor ads (modules/ads). */
const tradeModule: FastifyPluginAsync<TradeModuleOptions> = async (app, options) => {
  const deps = { prisma: options.prisma, events: options.events ?? noTradeEvents };
  await app.register(postRoutes, deps);
  await app.register(dealRoutes, deps);
  await app.register(chatRoutes, deps);
  await app.register(trustRoutes, deps);
  await app.register(safetyRoutes, deps);
  startExpirySweep(app, deps, options.expirySweepMs ?? DEFAULT_EXPIRY_SWEEP_MS);
};

const DEFAULT_EXPIRY_SWEEP_MS = 60_000;

/**
 * Expires open deals past their time without activity, soon after start and then every `intervalMs`, while the
 * app runs. Every process runs its own; a deal is rechecked under its row locks, so they never expire one twice.
 * Reads of deals check their own deals too, so a sweep that is late (or fails) never shows an overdue deal as open.
 */
function startExpirySweep(app: FastifyInstance, deps: TradeDeps, intervalMs: number): void {
  if (intervalMs <= 0) return;
  const lifecycle = dealLifecycleService(deps);
  let running: Promise<unknown> | null = null;
  // A sweep still running when the next is due (a slow database) is not joined by a second one.
  const sweep = () => {
    running ??= lifecycle.expireOverdue()
      .catch((error: unknown) => app.log.warn({ err: error }, 'deal expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default tradeModule;
