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

/** The id filter of a keyset page: rows before `cursor` (clamped to the id column's range). */
export function beforeCursor(cursor: string | undefined): { id?: { lt: number } } {
  return cursor === undefined ? {} : { id: { lt: Math.min(Number(cursor), 2_147_483_647) } };
}

/** An inbox page from `limit + 1` rows read newest first: the rows shown, and the cursor of the next page if any. */
export function inboxPage<Row extends { id: number }, Item>(rows: Row[], limit: number, present: (row: Row) => Item) {
  const page = rows.slice(0, limit);
  return { items: page.map(present), nextCursor: rows.length > limit ? String(page.at(-1)!.id) : null };
}
