import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import boardRoutes from './modules/boards/routes.js';
import breakdownRoutes from './modules/breakdowns/routes.js';
import comparisonRoutes from './modules/comparison/routes.js';
import favouriteRoutes from './modules/favourites/routes.js';
import formRoutes from './modules/forms/routes.js';
import noticeRoutes from './modules/notices/routes.js';
import adsModule from './modules/ads/routes.js';
import adminAuditRoutes from './modules/admin/audit-routes.js';
import adminUserRoutes from './modules/admin/users-routes.js';
import accountRoutes from './modules/auth/routes.js';
import clanRoutes from './modules/clans/routes.js';
import clanLogoRoutes from './modules/clans/logos/routes.js';
import { upstreamClanRecords, upstreamClanSource } from './modules/ingest/ingest-api.js';
import healthRoutes from './modules/health/routes.js';
import siteRoutes from './modules/health/site-routes.js';
import leagueRoutes from './modules/league/routes.js';
import { AnswerCache } from './modules/proxy/answer-cache.js';
import proxyRoutes from './modules/proxy/routes.js';
import matchRoutes from './modules/matches/routes.js';
import playerRoutes from './modules/players/routes.js';
import { linkPreviews } from './modules/previews/link-previews.js';
import { createPreviewCache } from './modules/previews/preview-cache.js';
import previewRoutes from './modules/previews/routes.js';
import { upstreamClientFor } from './modules/game-api/upstream-client.js';
import { createDetailsAhead } from './modules/stats-core/details-ahead.js';
import { loadClansOfMatches } from './modules/stats-core/clan-directory.js';
import type { AnswerKeeps } from './modules/stats-core/answer-keeps.js';
import { createStatsCore } from './modules/stats-core/stats-core.js';
import rankingRoutes from './modules/rankings/routes.js';
import searchRoutes from './modules/search/routes.js';
import tradeModule from './modules/trade/routes.js';
import { tradeAccountClosure } from './modules/trade/account-closure.js';
import { dealRoomPolicy } from './modules/trade/chat-access.js';
import realtimePlugin from './realtime/socket-server.js';
import { tradePush } from './realtime/trade-push.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import inputGuard from './plugins/input-guard.js';
import leagueDataChanges from './plugins/league-data-changes.js';
import leagueRefreshAhead from './plugins/league-refresh-ahead.js';
import type { PacingClock } from './plugins/league-refresh-pacing.js';
import publicReadCache, { createPublicReadCache } from './plugins/public-read-cache.js';
import { pagesOfClansThatPlayed } from './plugins/played-clans-ahead.js';
import { readAgainAhead } from './plugins/read-again-ahead.js';
import compression from './plugins/compression.js';
import securityPlugin from './plugins/security.js';
import swaggerPlugin from './plugins/swagger.js';
import webAppPlugin from './plugins/web-app.js';

export const WEB_DIST_DIR = fileURLToPath(new URL('../web/dist', import.meta.url));

export interface AppDependencies {
  config: AppConfig;
  prisma: Database;
  /**
   * The client the public statistics reads use (the statistics core's), over a pool of its own; `prisma` by default.
   * Reads computed from cold can fill a pool for a while under a busy evening's traffic, and a chat message or a
   * sign-in waiting behind them in the same queue took hundreds of milliseconds (docs/performance.md).
   */
  statisticsDb?: Database;
  /** The connection string the Prisma client uses; the health check reads migration state through it. */
  databaseUrl: string;
  /** The process logger (main.ts), or pino options / `false` (tests, to keep their output quiet). */
  logger?: FastifyBaseLogger | FastifyServerOptions['logger'];
  /** Where the built web app lives (tests may point elsewhere). */
  webDistDir?: string;
  /** Keep answers of public reads in memory with ETags (default true; the benchmark measures without it too). */
  publicReadCache?: boolean;
  /** The time the league refreshes are paced by (tests move it by hand); the process's clock by default. */
  leagueRefreshClock?: PacingClock;
  /** Awaited before a league refresh built in the background is swapped in (tests read the previous tables meanwhile). */
  leagueRefreshHold?: (league: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The keeps of computed statistics answers, run after the answers leave: what tests reading the kept ones await. */
    answerKeeps: AnswerKeeps;
  }
}

export type App = FastifyInstance;

function isLoggerInstance(value: AppDependencies['logger']): value is FastifyBaseLogger {
  return typeof value === 'object' && value !== null && typeof (value as FastifyBaseLogger).child === 'function';
}

/** Builds the whole application without listening: main.ts and the tests share it. */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config } = deps;
  const logging = isLoggerInstance(deps.logger)
    ? { loggerInstance: deps.logger }
    : { logger: deps.logger ?? { level: config.logLevel } };
  const app = Fastify({
    ...logging,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    // Idle keep-alive sockets close at once on shutdown; requests in flight are allowed to finish.
    forceCloseConnections: 'idle',
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(errorsPlugin);
  await app.register(inputGuard);
  // The answers of public statistics reads, kept until a change of what they show (docs/caching.md).
  const readCache = deps.publicReadCache === false ? undefined : createPublicReadCache();
  await app.register(securityPlugin, { rateLimitMax: config.rateLimitMax, ownRequest: (request) => readCache?.asideOf(request) !== undefined });
  await app.register(swaggerPlugin, { version: config.version });
  // A league's tables and orders are refreshed at most every LEAGUE_TABLES_REFRESH_SECONDS while its matches stream
  // in; what a change names of its own at once (docs/caching.md).
  const leagueRefreshMs = config.leagueTablesRefreshSeconds * 1000;
  await app.register(leagueDataChanges, {
    prisma: deps.prisma, databaseUrl: deps.databaseUrl, leagueRefreshMs, clock: deps.leagueRefreshClock, holdRefresh: deps.leagueRefreshHold,
  });
  // What every statistics read shares: the league directory and the league snapshots (ranking order, standings,
  // clan directory) held in memory (docs/caching.md). A ratings rebuild changes them without touching the ingest
  // version they check, so they are dropped by the changes heard (each league's by the changes there).
  const refreshClock = deps.leagueRefreshClock;
  const stats = createStatsCore(deps.statisticsDb ?? deps.prisma, {
    pacing: { leagueRefreshMs, now: refreshClock && (() => refreshClock.now()) },
    keepFailed: (error) => app.log.warn({ err: error }, 'a computed answer could not be kept; its next read computes it again'),
  });
  // A computed answer is kept after it leaves: the app closes once the keeps under way have ended.
  app.decorate('answerKeeps', stats.keeps);
  app.addHook('onClose', () => stats.keeps.settled());
  app.leagueDataChanges.onChange((change) => stats.forget(change));
  if (readCache) {
    // Paced, the answers being read that a change clears are computed again in the background (docs/caching.md).
    const readAgain = leagueRefreshMs > 0 ? readAgainAhead(app, readCache) : undefined;
    const clansOfMatches = (matchIds: readonly string[]) => loadClansOfMatches(stats.prisma, matchIds);
    app.leagueDataChanges.onChange((change) => {
      const clearedWhileRead = readCache.invalidate(change);
      if (!readAgain) return;
      readAgain.request(clearedWhileRead);
      // Then the pages of the clans a live write finished or started a match of, read lately or not: what their
      // players open next.
      readAgain.requestWhenFound(pagesOfClansThatPlayed(change, clansOfMatches)
        .then((urls) => new Map(urls.map((url) => [url, clearedWhileRead.get(url)]))));
    });
    await app.register(publicReadCache, { cache: readCache });
  }
  // After the cache: it keeps answers as computed, before compression.
  await app.register(compression);
  await app.register(authPlugin, { prisma: deps.prisma, secret: config.jwt.secret, expiresIn: config.jwt.expiresIn });

  await app.register(healthRoutes, { prisma: deps.prisma, databaseUrl: deps.databaseUrl, version: config.version });
  await app.register(siteRoutes, { contactEmail: config.contactEmail, version: config.version });
  // The live push (Socket.IO namespace /trade) on the same HTTP server: the trade module announces through it, and
  // account deletion ends the member's sockets.
  await app.register(realtimePlugin, {
    allowedOrigins: [config.publicOrigin],
    databaseUrl: deps.databaseUrl,
    policy: dealRoomPolicy(deps.prisma),
  });
  // The trade module's announcements; account deletion ends the leaving member's open deals through it too.
  const tradeEvents = tradePush(app, deps.prisma);
  await app.register(accountRoutes, {
    prisma: deps.prisma,
    config,
    deletionSteps: [tradeAccountClosure({ prisma: deps.prisma, events: tradeEvents })],
  });
  await app.register(adminUserRoutes, { prisma: deps.prisma });
  await app.register(adminAuditRoutes, { prisma: deps.prisma });
  // With the game's Open API configured (UPSTREAM_API_KEY), refreshes ask it; a person waits, so one retry at most.
  const upstream = config.upstream.apiKey ? upstreamClientFor(config.upstream, { maxRetries: 1 }) : undefined;
  await app.register(searchRoutes, { core: stats });
  await app.register(rankingRoutes, { core: stats });
  await app.register(leagueRoutes, { core: stats });
  await app.register(proxyRoutes, { core: stats, config, answers: new AnswerCache(config.proxy.cacheSeconds * 1000) });
  const recordSource = upstream ? upstreamClanRecords(upstream, deps.databaseUrl, app.leagueDataChanges.announce) : undefined;
  if (recordSource) app.addHook('onClose', () => recordSource.close());
  // With the public-read cache, a list page's match details are computed ahead of the page's prefetch of them.
  const detailsAhead = readCache && createDetailsAhead({ core: stats, cache: readCache });
  await app.register(clanRoutes, { core: stats, recordSource, detailsAhead });
  await app.register(clanLogoRoutes, { prisma: deps.prisma });
  await app.register(matchRoutes, { core: stats });
  await app.register(playerRoutes, {
    core: stats,
    clanSource: upstream ? upstreamClanSource(upstream) : undefined,
    detailsAhead,
  });
  await app.register(breakdownRoutes, { core: stats });
  await app.register(comparisonRoutes, { core: stats });
  await app.register(boardRoutes, { prisma: deps.prisma });
  await app.register(noticeRoutes, { prisma: deps.prisma });
  await app.register(formRoutes, { prisma: deps.prisma });
  await app.register(favouriteRoutes, { prisma: deps.prisma });

  await app.register(tradeModule, {
    prisma: deps.prisma,
    events: tradeEvents,
    expirySweepMs: config.dealExpirySweepSeconds * 1000,
  });
  await app.register(adsModule, { prisma: deps.prisma, dataDir: config.dataDir });

  // Link previews: each clan, player, match and post page answers with its own head and card (and 404 when the
  // thing it names does not exist); what they describe is read again after every change of league data.
  const previewCache = createPreviewCache();
  app.leagueDataChanges.onChange((change) => previewCache.forgetLeagueData(change));
  const previews = linkPreviews({ core: stats, cache: previewCache, publicOrigin: config.publicOrigin });
  await app.register(previewRoutes, { previews });

  // A paced league refresh is built in the background and swapped in; readers keep the previous tables meanwhile.
  await app.register(leagueRefreshAhead, { core: stats, cache: readCache });

  await app.register(webAppPlugin, { distDir: deps.webDistDir ?? WEB_DIST_DIR, heads: previews });
  return app;
}
