import { containsReservedWord } from '@shared/rules/nicknames.js';

// Member nicknames: length, characters, and the staff words board nicknames refuse too (rules/nicknames.ts).

export const NICKNAME_MIN_LENGTH = 2;
export const NICKNAME_MAX_LENGTH = 16;
/** Days between two nickname changes ("once a month": docs/product/accounts.md#nickname-change). */
export const NICKNAME_CHANGE_DAYS = 30;

/** Letters of any script, digits, underscore, hyphen and dot; no spaces or markup characters. */
const NICKNAME_CHARACTERS = /^[\p{L}\p{N}_.-]+$/u;

export type NicknameProblem = 'required' | 'length' | 'characters' | 'forbidden';

/** The first problem of a member nickname (already trimmed), or null when it is acceptable. */
export function nicknameProblem(nickname: string): NicknameProblem | null {
  if (nickname.length === 0) return 'required';
  const length = [...nickname].length;
  if (length < NICKNAME_MIN_LENGTH || length > NICKNAME_MAX_LENGTH) return 'length';
  if (!NICKNAME_CHARACTERS.test(nickname)) return 'characters';
  // Administrator, operator (team), admin in any case or width (docs/product/boards.md#reserved-words), and the deleted
  // members' prefix.
  if (containsReservedWord(nickname)) return 'forbidden';
  return null;
}
