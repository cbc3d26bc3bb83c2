// Nickname rules the server enforces and the forms check as the person types. No imports: both sides bundle it.

/**
 * Staff words no nickname may contain (administrator, operator, operator team, admin and other spellings), plus the
 * name deleted members' rows carry: board nicknames and member nicknames refuse them alike.
 */
export const RESERVED_WORDS: readonly string[] = ['관리자', '운영자', '운영진', '운영팀', 'admin', 'operator', '탈퇴회원'];

/**
 * Folds the tricks that would slip a reserved word past a plain substring test: full-width letters (NFKC),
 * spaces and invisible characters between letters, and case.
 */
function foldForComparison(nickname: string): string {
  return nickname.normalize('NFKC').replace(/[\s\u200B-\u200D\u2060\uFEFF\u00AD]/g, '').toLowerCase();
}

/** True when a nickname contains one of the reserved staff words. */
export function containsReservedWord(nickname: string): boolean {
  const folded = foldForComparison(nickname);
  return RESERVED_WORDS.some((word) => folded.includes(word));
}
