/**
 * Errors that services throw on purpose. Each carries a stable snake_case code and the Korean text the
 * user reads; plugins/errors.ts turns it into `{ error, message }` with the status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code = 'bad_request', extra?: Record<string, unknown>) {
    super(400, code, message, extra);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string, code = 'unauthorized') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string, code = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, code = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict', extra?: Record<string, unknown>) {
    super(409, code, message, extra);
  }
}

/** 429 with the seconds to wait, for business limits (cooldowns, lockouts). */
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number, code = 'too_many_requests') {
    super(429, code, message, { retryAfter: retryAfterSeconds });
  }
}
