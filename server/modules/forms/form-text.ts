import { BadRequestError } from '../../lib/errors.js';

/** A trimmed form field; blank (or missing) becomes null. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** A trimmed required field of at most `max` characters; `missing` / `tooLong` are the Korean messages. */
export function requiredText(
  value: string | null | undefined,
  max: number,
  messages: { missing: string; tooLong: string },
): string {
  const text = optionalText(value);
  if (text === null) throw new BadRequestError(messages.missing, 'field_required');
  if ([...text].length > max) throw new BadRequestError(messages.tooLong, 'field_too_long');
  return text;
}

/** How an inbox reads its rows: newest first, `take` of them, before the cursor's id when there is one. */
export interface InboxQuery {
  where: { id?: { lt: number } };
  orderBy: { id: 'desc' };
  take: number;
}

/**
 * An inbox page, keyset-paged by id: reads `limit + 1` rows newest first before `cursor` (clamped to the id
 * column's range), presents the rows shown and names the next page's cursor when there is one.
 */
export async function readInboxPage<Row extends { id: number }, Item>(
  read: (query: InboxQuery) => Promise<Row[]>,
  cursor: string | undefined,
  limit: number,
  present: (row: Row) => Item & { _id: string },
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const where = cursor === undefined ? {} : { id: { lt: Math.min(Number(cursor), 2_147_483_647) } };
  const rows = await read({ where, orderBy: { id: 'desc' }, take: limit + 1 });
  const page = rows.slice(0, limit);
  return { items: page.map(present), nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}
