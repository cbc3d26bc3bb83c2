import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isPagePath } from '../contracts/page-routes.js';
import { serverMessages } from '../lib/messages.js';

/**
 * Serves the built React app from `distDir`: hashed assets cached for a year, every other GET that is not
 * an API call answered with index.html so that deep links (/league/sal-beginner) load the app. An address no
 * page has gets the app too (it shows its not-found page) but with status 404.
 */
/** The path as the router reads it; a malformed escape leaves it as sent. */
function safeDecode(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export default fp(
  async function webAppPlugin(app: FastifyInstance, options: { distDir: string }) {
    const hasApp = existsSync(path.join(options.distDir, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        wildcard: false,
        index: false,
        // The build wrote .br and .gz files beside the app's files (web/vite.config.ts).
        preCompressed: true,
        setHeaders(reply, filePath: string) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0]!;
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(pathname);
      if (!hasApp || !isPage || pathname.startsWith('/api/') || pathname.startsWith('/socket.io')) {
        return reply.status(404).send({ error: 'not_found', message: serverMessages.apiNotFound });
      }
      reply.header('cache-control', 'no-cache');
      if (!isPagePath(safeDecode(pathname))) reply.status(404);
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    });
  },
  { name: 'web-app' },
);
