import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequestError } from '../lib/errors.js';
import { serverMessages } from '../lib/messages.js';

/** Deepest nesting looked into; request bodies of this API are at most a few levels deep. */
const MAX_DEPTH = 32;

/**
 * A text PostgreSQL cannot store or that no person typed: the NUL character (PostgreSQL refuses it in text,
 * error 22021) or a UTF-16 surrogate without its pair (not a character at all; it cannot be encoded as UTF-8).
 */
export function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** A number no route can use: JSON's 1e309 and the query string's "Infinity" both arrive as an infinity. */
const isUnusableNumber = (value: number) => !Number.isFinite(value);

/**
 * The path of the first value in `value` that `isBad` picks (a string key counts as text), e.g. "body.tags.2";
 * else null.
 */
export function findValue(
  value: unknown,
  path: string,
  isBad: { text?: (text: string) => boolean; number?: (number: number) => boolean },
  depth = 0,
): string | null {
  if (typeof value === 'string') return isBad.text?.(value) ? path : null;
  if (typeof value === 'number') return isBad.number?.(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (!Array.isArray(value) && isBad.text?.(key)) return path;
    const found = findValue(item, `${path}.${key}`, isBad, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The first field of the request's parameters, query and body that `isBad` picks. */
function findInRequest(request: FastifyRequest, isBad: Parameters<typeof findValue>[2]): string | null {
  return (
    findValue(request.params, 'params', isBad) ??
    findValue(request.query, 'querystring', isBad) ??
    findValue(request.body, 'body', isBad)
  );
}

/**
 * One guard at the edge for values no route can use, on every route present and future:
 * - text no route can store: every path parameter, query value and JSON body string (and key) is checked before
 *   schema validation, so a NUL or a lone surrogate is a 400 naming the field instead of a database error. Refused,
 *   not stripped: silently changing what a person sent would store something they did not write.
 * - numbers that are not finite, checked after validation: the schemas bound every number, but Ajv skips
 *   `minimum`/`maximum` for an infinity that its type coercion made of a string such as "1e309".
 */
export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    app.addHook('preValidation', async (request) => {
      const field = findInRequest(request, { text: isUnstorableText });
      if (field) throw new BadRequestError(serverMessages.invalidCharacters(field), 'invalid_characters');
    });
    app.addHook('preHandler', async (request) => {
      const field = findInRequest(request, { number: isUnusableNumber });
      if (field) throw new BadRequestError(serverMessages.invalidNumber(field), 'invalid_number');
    });
  },
  { name: 'input-guard' },
);
