import { hangulCount, TRADE_LIMITS } from '@shared/rules/trade';

const LATIN_LETTER = /[A-Za-z]/g;

export type PostFieldError = 'titleHangul' | 'contentHangul' | 'priceDigits' | 'priceMin';

/** The problems of a post form (docs/product/trade.md#post-form-rules), in field order; empty when it may be sent. */
export function postFormErrors(form: { title: string; content: string; price: string }): PostFieldError[] {
  const errors: PostFieldError[] = [];
  if (hangulCount(form.title) < TRADE_LIMITS.minHangul) errors.push('titleHangul');
  if (hangulCount(form.content) < TRADE_LIMITS.minHangul) errors.push('contentHangul');
  const price = form.price.trim();
  if (!/^\d+$/.test(price)) errors.push('priceDigits');
  else if (Number(price) < TRADE_LIMITS.minPrice) errors.push('priceMin');
  return errors;
}

/**
 * Propose modal (docs/product/trade.md#proposing-a-deal): affiliation/nickname with 2+ Hangul syllables or 2+ Latin
 * letters.
 */
export function isAffiliationValid(text: string): boolean {
  return hangulCount(text) >= 2 || (text.match(LATIN_LETTER)?.length ?? 0) >= 2;
}

/** Propose modal: the desired quantity is digits only. */
export const isQuantityValid = (text: string) => /^\d+$/.test(text.trim()) && Number(text.trim()) > 0;

/** The note the server stores: the bracketed affiliation, then the memo (docs/product/trade.md#proposing-a-deal). */
export function proposalNote(affiliation: string, memo: string): string {
  return `[${affiliation.trim()}] ${memo.trim()}`.trim();
}

/** Seconds left of the post cooldown since `lastPostAt` (ms), 0 when over or unknown. */
export function cooldownLeft(lastPostAt: number | null, now: number): number {
  if (lastPostAt === null) return 0;
  const left = TRADE_LIMITS.postCooldownSeconds - Math.floor((now - lastPostAt) / 1000);
  return Math.min(TRADE_LIMITS.postCooldownSeconds, Math.max(0, left));
}
