/**
 * The board nickname rule of §5, as the server applies it (server/modules/boards/author-name.ts): no staff words
 * in any case, even with spaces, invisible characters or full-width letters between them.
 */
const RESERVED_WORDS = ['관리자', '운영자', '운영진', '운영팀', 'admin', 'operator', '탈퇴회원'];

export function hasReservedWord(nickname: string): boolean {
  const folded = nickname.normalize('NFKC').replace(/[\s\u200B-\u200D\u2060\uFEFF\u00AD]/g, '').toLowerCase();
  return RESERVED_WORDS.some((word) => folded.includes(word));
}

/** Limits shared with the server (server/contracts/boards.ts BOARD_LIMITS). */
export const BOARD_FORM_LIMITS = { titleMax: 100, contentMax: 20_000, commentMax: 1000, nicknameMax: 20, passwordMin: 4, passwordMax: 64 } as const;
