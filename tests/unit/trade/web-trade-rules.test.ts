import { describe, expect, it } from 'vitest';
import {
  cooldownLeft, isAffiliationValid, isQuantityValid, postFormErrors, proposalNote,
} from '../../../web/src/features/trade/lib/post-rules.js';
import { mergeMessages } from '../../../web/src/features/trade/chat/merge-messages.js';

describe('trade forms on the web (post form and propose modal rules)', () => {
  it('lists the post form problems in field order', () => {
    expect(postFormErrors({ title: '판매합니다', content: '연락 주세요', price: '150000' })).toEqual([]);
    expect(postFormErrors({ title: 'sale', content: 'hi', price: '' })).toEqual(['titleHangul', 'contentHangul', 'priceDigits']);
    expect(postFormErrors({ title: '판매', content: '급처', price: '99' })).toEqual(['priceMin']);
    expect(postFormErrors({ title: '판매', content: '급처', price: '1,000' })).toEqual(['priceDigits']);
  });

  it('accepts an affiliation with 2 Hangul syllables or 2 Latin letters', () => {
    expect(isAffiliationValid('알파')).toBe(true);
    expect(isAffiliationValid('AB')).toBe(true);
    expect(isAffiliationValid('가1')).toBe(false);
    expect(isAffiliationValid('A ㅋ')).toBe(false);
  });

  it('takes a quantity of digits only and builds the bracketed note', () => {
    expect(isQuantityValid('5000')).toBe(true);
    expect(isQuantityValid('5,000')).toBe(false);
    expect(isQuantityValid('0')).toBe(false);
    expect(proposalNote(' 알파클랜 ', ' 밤 10시 ')).toBe('[알파클랜] 밤 10시');
    expect(proposalNote('알파', '')).toBe('[알파]');
  });

  it('counts the 1200 s cooldown down from the last post', () => {
    const posted = 1_000_000;
    expect(cooldownLeft(null, posted)).toBe(0);
    expect(cooldownLeft(posted, posted)).toBe(1200);
    expect(cooldownLeft(posted, posted + 200_500)).toBe(1000);
    expect(cooldownLeft(posted, posted + 1_300_000)).toBe(0);
  });
});

describe('mergeMessages', () => {
  const message = (seq: number, id = `m${seq}`) => ({
    _id: id, seq, clientId: id, senderId: 'u', senderNick: 'n', text: `t${seq}`, createdAt: '', warnings: [],
  });

  it('adds only unseen messages, in sequence order, and keeps the same array when nothing is new', () => {
    const current = [message(1), message(2)];
    expect(mergeMessages(current, [message(2), message(4), message(3)]).map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    expect(mergeMessages(current, [message(1)])).toBe(current);
    expect(mergeMessages(current, [])).toBe(current);
  });
});
