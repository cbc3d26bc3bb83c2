import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers for every response and a per-IP request budget for the API. The budget is a guard
 * against floods only; business limits (cooldowns, lockouts) live in the database so they hold across processes.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, options: { rateLimitMax: number }) {
    await app.register(helmet, {
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
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => !request.url.startsWith('/api/'),
    });
  },
  { name: 'security' },
);
