// Trade marketplace rules the server enforces and the trade pages check and show. No imports: both sides bundle it.

export const TRADE_LIMITS = {
  /** One post per account per 20 minutes. */
  postCooldownSeconds: 1200,
  minPrice: 100,
  /** Below 1조 SP: no amount in the game reaches it, and a typo of extra digits is refused. */
  maxAmount: 999_999_999_999,
  /** Title and content each need this many complete Hangul syllables. */
  minHangul: 2,
  titleMaxLength: 100,
  contentMaxLength: 5000,
  noteMaxLength: 600,
  /** Long enough for an account number or a short explanation; a wall of text is refused. */
  chatMaxLength: 1000,
  /** A reason for rejecting, withdrawing or cancelling a deal (shown in its chat). */
  reasonMaxLength: 200,
  /** Trade list page size. */
  pageSize: 20,
  /** An open deal with no message or confirmation for this long expires (docs/decisions.md). */
  dealExpiryHours: 72,
  /** 10 completed deals fill the credibility gauge. */
  scoreForFullGauge: 10,
} as const;

const HANGUL_SYLLABLE = /[가-힣]/g;

/** Complete Hangul syllables in `text` (jamo such as 'ㅋㅋ' do not count as words). */
export function hangulCount(text: string): number {
  return text.match(HANGUL_SYLLABLE)?.length ?? 0;
}
