import { hangulCount, TRADE_LIMITS } from '@shared/rules/trade.js';
import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';

/** The trade rules the pages share (rules/trade.ts), and the server's own limits where the pages need none. */
export const TRADE_RULES = {
  ...TRADE_LIMITS,
  /** Messages a chat answer carries at most (the newest on first load, the next ones after `after=`). */
  chatPageSize: 200,
  /** The most trade posts a client may ask for in one page. */
  maxPageSize: 50,
  inboxLimit: 100,
  adminTrustLimit: 50,
} as const;

/**
 * Reads an amount sent as a number or a string of digits: digits only (no sign, no separators), a whole
 * number between `min` and the maximum. Throws a 400 with the Korean message for the field.
 */
export function parseAmount(value: number | string, min: number, messages: { digits: string; min: string }): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+$/.test(text)) throw new BadRequestError(messages.digits, 'invalid_amount');
  const amount = Number(text);
  if (amount < min) throw new BadRequestError(messages.min, 'amount_too_small');
  if (amount > TRADE_RULES.maxAmount) throw new BadRequestError(serverMessages.tradePriceMax, 'amount_too_large');
  return amount;
}

export interface NewPostInput {
  title: string;
  content: string;
  price: number;
}

/**
 * The post form rules (docs/product/trade.md#post-form-rules): title and content each with 2+ Hangul syllables, price
 * digits and 100 SP or more.
 */
export function validateNewPost(input: { title: string; content: string; price: number | string }): NewPostInput {
  const title = input.title.trim();
  const content = input.content.trim();
  if (hangulCount(title) < TRADE_RULES.minHangul) throw new BadRequestError(serverMessages.tradeTitleHangul, 'title_hangul');
  if (title.length > TRADE_RULES.titleMaxLength) {
    throw new BadRequestError(serverMessages.tradeTitleTooLong(TRADE_RULES.titleMaxLength), 'title_too_long');
  }
  if (hangulCount(content) < TRADE_RULES.minHangul) throw new BadRequestError(serverMessages.tradeContentHangul, 'content_hangul');
  if (content.length > TRADE_RULES.contentMaxLength) {
    throw new BadRequestError(serverMessages.tradeContentTooLong(TRADE_RULES.contentMaxLength), 'content_too_long');
  }
  const price = parseAmount(input.price, TRADE_RULES.minPrice, {
    digits: serverMessages.tradePriceDigits,
    min: serverMessages.tradePriceMin(TRADE_RULES.minPrice),
  });
  return { title, content, price };
}

/** A proposal: the desired amount (digits, at least 1) and the note, trimmed. */
export function validateProposal(input: { price: number | string; note?: string }): { price: number; note: string } {
  const price = parseAmount(input.price, 1, {
    digits: serverMessages.tradeQuantityDigits,
    min: serverMessages.tradeQuantityMin,
  });
  const note = (input.note ?? '').trim();
  if (note.length > TRADE_RULES.noteMaxLength) {
    throw new BadRequestError(serverMessages.tradeNoteTooLong(TRADE_RULES.noteMaxLength), 'note_too_long');
  }
  return { price, note };
}

/** A chat message: not empty once trimmed, at most the length limit. */
export function validateChatText(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new BadRequestError(serverMessages.tradeChatEmpty, 'empty_message');
  if (trimmed.length > TRADE_RULES.chatMaxLength) {
    throw new BadRequestError(serverMessages.tradeChatTooLong(TRADE_RULES.chatMaxLength), 'message_too_long');
  }
  return trimmed;
}

/** A reason typed by a party for ending a deal: trimmed, at most the limit; null when blank and not `required`. */
export function readReason(reason: string | undefined, required: boolean): string | null {
  const text = (reason ?? '').trim();
  if (!text) {
    if (required) throw new BadRequestError(serverMessages.tradeCancelReasonRequired, 'reason_required');
    return null;
  }
  if (text.length > TRADE_RULES.reasonMaxLength) {
    throw new BadRequestError(serverMessages.tradeReasonTooLong(TRADE_RULES.reasonMaxLength), 'reason_too_long');
  }
  return text;
}

/**
 * Seller score as a gauge: each completed deal is 10%, 10 deals or more is 100% (docs/product/trade.md#trust-figures).
 */
export function scorePercent(score: number): number {
  return Math.min(100, Math.round((score / TRADE_RULES.scoreForFullGauge) * 100));
}

/** completed / total in whole percent; 0 without deals. */
export function completionRate(completed: number, total: number): number {
  return total > 0 ? Math.round((completed / total) * 100) : 0;
}
