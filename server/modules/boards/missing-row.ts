import { NotFoundError } from '../../lib/errors.js';

/**
 * A write that refers to a post or comment deleted a moment earlier fails on its foreign key (Prisma P2003, or
 * PostgreSQL's 23503 inside P2010 through a raw query). That is the client's 404, not a server error.
 */
export async function orNotFound<T>(work: Promise<T>, message: string, code: string): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError(message, code);
    throw error;
  }
}

function isForeignKeyViolation(error: unknown): boolean {
  const { code, meta } = error as { code?: string; meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } };
  return code === 'P2003' || meta?.driverAdapterError?.cause?.originalCode === '23503';
}
