import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Publishes every route's schema as OpenAPI, browsable at /api/docs. */
export default fp(
  async function swaggerPlugin(app: FastifyInstance, options: { version: string }) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'SAL League API',
          description: 'Statistics, community and trade marketplace API of the SAL league site.',
          version: options.version,
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'swagger' },
);
