import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../contracts/health.js';
import { migrationStatus, type MigrationStatus } from '../../db/migrate.js';
import type { Database } from '../../db/client.js';
import { withPgClient } from '../../db/with-client.js';

const PING_CACHE_MS = 1000;

interface HealthOptions {
  prisma: Database;
  databaseUrl: string;
  version: string;
}

const readMigrationStatus = (databaseUrl: string) => withPgClient(databaseUrl, (client) => migrationStatus(client));

/** GET /api/health: the database answers and every migration on disk is applied. 503 otherwise. */
const healthRoutes: FastifyPluginAsyncTypebox<HealthOptions> = async (app, options) => {
  // Migrations only change when a server starts, so they are read once rather than on every probe.
  let migrations: MigrationStatus | undefined;
  const started = Date.now();
  // One database ping per second at most: probes and load balancers may call this hundreds of times a second,
  // and a second-old answer is as good for them.
  let lastPing = { at: 0, reachable: false, latencyMs: 0 };
  const ping = async () => {
    if (Date.now() - lastPing.at < PING_CACHE_MS) return lastPing;
    const pingStart = performance.now();
    const reachable = await options.prisma.$queryRaw`SELECT 1`.then(
      () => true,
      () => false,
    );
    const latencyMs = Math.round((performance.now() - pingStart) * 100) / 100;
    lastPing = { at: reachable ? Date.now() : 0, reachable, latencyMs };
    return lastPing;
  };

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: database reachable, migrations current, version',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const { reachable, latencyMs } = await ping();
      if (reachable && !migrations) migrations = await readMigrationStatus(options.databaseUrl).catch(() => undefined);
      const pending = migrations?.pending ?? [];
      const healthy = reachable && migrations !== undefined && pending.length === 0;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        version: options.version,
        uptimeSeconds: Math.floor((Date.now() - started) / 1000),
        database: { reachable, latencyMs },
        migrations: { current: healthy, applied: migrations?.applied.length ?? 0, pending },
      });
    },
  );
};

export default healthRoutes;
