import Type, { type Static } from 'typebox';

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
