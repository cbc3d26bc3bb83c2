import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for every response and a per-IP request budget for the API. The budget is a guard
 * against floods only; business limits (cooldowns, lockouts) live in the database so they hold across processes.
 *
 * The headers come from helmet itself, built once: @fastify/helmet builds a new helmet (parsing the whole policy
 * again) for every request: about 6% of the server's time in a profile of cached reads under load.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, options: { rateLimitMax: number; ownRequest?: (request: FastifyRequest) => boolean }) {
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Images from the site only: vendor banners must be uploaded (modules/ads/ad-rules.ts), so no visitor's
          // browser is sent to an outside host by an ad.
          imgSrc: ["'self'", 'data:', 'blob:'],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Cloudflare Turnstile's widget script, when TURNSTILE_* keys are set (ALTCHA, the default, is self-hosted).
          scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          frameSrc: ["'self'", 'https://challenges.cloudflare.com'],
          workerSrc: ["'self'", 'blob:'],
        },
      },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', (request, reply, done) => {
      // helmet 8 throws instead of passing errors on, so its callback only ever means "go on".
      setSecurityHeaders(request.raw, reply.raw, () => done());
    });
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitMax,
      timeWindow: '1 minute',
      // The app's own requests (a league's tables computed again in the background) come from no client.
      allowList: (request) => !request.url.startsWith('/api/') || (options.ownRequest?.(request) ?? false),
    });
  },
  { name: 'security' },
);
