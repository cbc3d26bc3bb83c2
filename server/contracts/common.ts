import Type, { type Static, type TNumberOptions, type TSchema } from 'typebox';

/**
 * `T` or null, said as OpenAPI 3.0 says it (`nullable: true`), not as a union with null: the response serializer
 * (fast-json-stringify) picks a union's branch by validating every value against it with Ajv, compiled the first
 * time a route meets a null, which took nearly two thirds of the time of serializing a league's standings (4,000
 * rows: 23 -> 8.5 ms; docs/performance.md, "Long turns"). Ajv, which validates requests, takes `nullable` only
 * beside a `type`, and an enum only with null among its values: an enum of strings says both.
 */
export const Nullable = <T extends TSchema>(schema: T) => {
  const values = (schema as { enum?: unknown[] }).enum;
  const said = Array.isArray(values) && !('type' in schema) && values.every((value) => typeof value === 'string')
    ? { ...schema, type: 'string', enum: [...values, null] }
    : schema;
  return Type.Unsafe<Static<T> | null>({ ...said, nullable: true });
};

/** The largest `limit` any list takes: above it the request is bad (400); below it, each list clamps to its own maximum. */
export const LIMIT_CEILING = 1000;
/** The largest `skip` any skip-paged list takes: far past every real list, and well inside PostgreSQL's OFFSET. */
export const SKIP_CEILING = 100_000_000;

/**
 * Every number a client sends is bounded in its schema, so a value past the range (or 1e309, which JSON and query
 * coercion turn into Infinity) is a 400 before it reaches a query. These are the bounds of the common cases.
 */
export const PageLimit = (options: TNumberOptions = {}) => Type.Integer({ minimum: 1, maximum: LIMIT_CEILING, ...options });
export const PageSkip = (options: TNumberOptions = {}) => Type.Integer({ minimum: 0, maximum: SKIP_CEILING, default: 0, ...options });
/** A whole number where a rule of the route's own gives the exact limit and its message (amounts, counts). */
export const ClientInteger = (options: TNumberOptions = {}) =>
  Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER, ...options });

/** The body of every failed response. */
export const ErrorResponse = Type.Object(
  {
    error: Type.String({ description: 'stable snake_case code' }),
    message: Type.String({ description: 'Korean text for the user' }),
    retryAfter: Type.Optional(Type.Integer({ description: 'seconds to wait (429)' })),
  },
  { $id: 'ErrorResponse', additionalProperties: true },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** Responses shared by most routes, to spread into a route's `response` map. */
export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  429: ErrorResponse,
  500: ErrorResponse,
};
