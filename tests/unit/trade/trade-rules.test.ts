import { describe, expect, it } from 'vitest';
import { AppError } from '../../../server/lib/errors.js';
import { serverMessages } from '../../../server/lib/messages.js';
import { hangulCount } from '@shared/rules/trade.js';
import {
  completionRate, scorePercent, validateChatText, validateNewPost, validateProposal,
} from '../../../server/modules/trade/trade-rules.js';

const messageOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return null;
};

describe('trade rules', () => {
  it('counts complete Hangul syllables only', () => {
    expect(hangulCount('판매 SP')).toBe(2);
    expect(hangulCount('ㅋㅋㅋ')).toBe(0);
    expect(hangulCount('sale')).toBe(0);
  });

  it('validates a post: trims, needs 2 syllables in title and content, digits and 100 SP', () => {
    expect(validateNewPost({ title: '  판매  ', content: '급처 ', price: ' 100 ' })).toEqual({ title: '판매', content: '급처', price: 100 });
    expect(messageOf(() => validateNewPost({ title: '판', content: '급처', price: 100 }))).toBe(serverMessages.tradeTitleHangul);
    expect(messageOf(() => validateNewPost({ title: '판매', content: 'ok', price: 100 }))).toBe(serverMessages.tradeContentHangul);
    expect(messageOf(() => validateNewPost({ title: '판매', content: '급처', price: '1,000' }))).toBe(serverMessages.tradePriceDigits);
    expect(messageOf(() => validateNewPost({ title: '판매', content: '급처', price: 99 }))).toBe(serverMessages.tradePriceMin(100));
  });

  it('validates a proposal: digits of at least 1, note up to 600 characters', () => {
    expect(validateProposal({ price: '5000', note: ' [알파] 메모 ' })).toEqual({ price: 5000, note: '[알파] 메모' });
    expect(validateProposal({ price: 1 })).toEqual({ price: 1, note: '' });
    expect(messageOf(() => validateProposal({ price: '0' }))).toBe(serverMessages.tradeQuantityMin);
    expect(messageOf(() => validateProposal({ price: '1.5' }))).toBe(serverMessages.tradeQuantityDigits);
  });

  it('refuses empty and over-long chat text', () => {
    expect(validateChatText('  안녕  ')).toBe('안녕');
    expect(messageOf(() => validateChatText(' \n '))).toBe(serverMessages.tradeChatEmpty);
    expect(messageOf(() => validateChatText('a'.repeat(1001)))).toBe(serverMessages.tradeChatTooLong(1000));
  });

  it('fills the gauge at 10 points and rounds the completion rate', () => {
    expect([0, 1, 7, 10, 25].map(scorePercent)).toEqual([0, 10, 70, 100, 100]);
    expect(completionRate(0, 0)).toBe(0);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(19, 20)).toBe(95);
  });
});
