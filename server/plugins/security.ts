import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets, recorded once: with no nonce or other per-request policy they are the same for every
 * response. Run per request, helmet's fourteen middlewares each validated and set their header on the response
 * again: 3% of the server's CPU and 6% of what it allocated under the live mix (docs/performance.md).
 */
function recordedHelmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet 8 runs its middlewares synchronously and reads nothing of the request for a policy without functions.
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers for every response and a per-IP request budget for the API. The budget is a guard
 * against floods only; business limits (cooldowns, lockouts) live in the database so they hold across processes.
 *
 * The headers come from helmet itself, recorded once (recordedHelmetHeaders): @fastify/helmet builds a new helmet
 * (parsing the whole policy again) for every request, about 6% of the server's time in a profile of cached reads
 * under load.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, options: { rateLimitMax: number; ownRequest?: (request: FastifyRequest) => boolean }) {
    const securityHeaders = recordedHelmetHeaders({
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
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders);
      done();
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
