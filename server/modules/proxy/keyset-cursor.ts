import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/**
 * Opaque page cursors: the keyset bound of the last row served (base64url JSON of whole numbers). A page read
 * after the bound never repeats or skips a row of the order, however many rows arrive before it meanwhile.
 */
export type CursorFields = Record<string, number>;

export function encodeCursor(fields: CursorFields): string {
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The fields of a cursor made by encodeCursor with exactly `names`; 400 for anything else. */
export function decodeCursor<Name extends string>(cursor: string, names: readonly Name[]): Record<Name, number> {
  const invalid = () => new BadRequestError(serverMessages.cursorInvalid, 'invalid_cursor');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid();
  const fields = value as Record<string, unknown>;
  if (Object.keys(fields).length !== names.length) throw invalid();
  for (const name of names) {
    if (!Number.isSafeInteger(fields[name])) throw invalid();
  }
  return fields as Record<Name, number>;
}
