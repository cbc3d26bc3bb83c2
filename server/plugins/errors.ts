import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';
import { serverMessages } from '../lib/messages.js';

/** The one shape of every failure the API returns. */
export interface ErrorBody {
  error: string;
  message: string;
  [extra: string]: unknown;
}

const STATUS_CODES: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: serverMessages.validationFailed },
  401: { code: 'unauthorized', message: serverMessages.unauthorized },
  403: { code: 'forbidden', message: serverMessages.forbidden },
  404: { code: 'not_found', message: serverMessages.notFound },
  409: { code: 'conflict', message: serverMessages.conflict },
  413: { code: 'payload_too_large', message: serverMessages.payloadTooLarge },
  415: { code: 'unsupported_media_type', message: serverMessages.unsupportedMediaType },
};

/** Names the first failing field of a schema validation error, e.g. "querystring/limit". */
function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return serverMessages.validationFailed;
  const missing = (first.params as { missingProperty?: string } | undefined)?.missingProperty;
  const field = [error.validationContext, first.instancePath.replace(/^\//, '').replace(/\//g, '.'), missing]
    .filter(Boolean)
    .join('.');
  return serverMessages.invalidField(field, first.message ?? 'invalid');
}

/** Prisma's request errors that a client can cause: unique violations and missing rows. */
function fromPrisma(error: { code?: unknown }): ErrorBody & { statusCode: number } | undefined {
  if (error.code === 'P2002') return { statusCode: 409, error: 'conflict', message: serverMessages.conflict };
  if (error.code === 'P2025') return { statusCode: 404, error: 'not_found', message: serverMessages.notFound };
  return undefined;
}

/** Maps every thrown error to `{ error, message }` with its status; 5xx never leak their message. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        const retryAfter = error.extra.retryAfter;
        if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
        return reply.status(error.statusCode).send({ error: error.code, message: error.message, ...error.extra });
      }
      if (error.validation) {
        return reply.status(400).send({ error: 'validation_failed', message: describeValidation(error) });
      }
      const prismaMapped = fromPrisma(error);
      if (prismaMapped) {
        const { statusCode, ...body } = prismaMapped;
        return reply.status(statusCode).send(body);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        const retryAfter = Number(reply.getHeader('retry-after')) || 60;
        return reply.status(429).send({
          error: 'rate_limited',
          message: serverMessages.tooManyRequests(retryAfter),
          retryAfter,
        });
      }
      if (status >= 400 && status < 500) {
        const known = STATUS_CODES[status] ?? STATUS_CODES[400]!;
        return reply.status(status).send({ error: known.code, message: known.message });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(status >= 500 ? status : 500).send({ error: 'internal_error', message: serverMessages.internalError });
    });
  },
  { name: 'errors' },
);
