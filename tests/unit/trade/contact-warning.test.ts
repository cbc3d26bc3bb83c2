import { describe, expect, it } from 'vitest';
import { contactWarnings } from '../../../server/modules/trade/contact-warning.js';

describe('contactWarnings', () => {
  it.each([
    '010-1234-5678',
    '01012345678 로 문자 주세요',
    '전화 010 1234 5678',
    '+82 10-1234-5678',
    '사무실 02-123-4567',
  ])('flags the phone number in %j', (text) => {
    expect(contactWarnings(text)).toEqual(['phone']);
  });

  it.each([
    'https://open.kakao.com/o/gAbCdEf',
    '카톡 아이디 sal123 추가해 주세요',
    '카카오톡으로 연락 주세요',
    '텔레그램 @seller 로 오세요',
    't.me/seller',
    'discord.gg/abcd',
  ])('flags the outside messenger in %j', (text) => {
    expect(contactWarnings(text)).toEqual(['messenger']);
  });

  it('flags both at once', () => {
    expect(contactWarnings('010-1234-5678 이나 open.kakao.com/o/x')).toEqual(['phone', 'messenger']);
  });

  it.each([
    '150,000 SP 거래 원합니다',
    '120000000 SP 가능',
    '오늘 밤 10시 2024-11-22 접속합니다',
    '계좌 확인 후 송금하겠습니다',
  ])('leaves an ordinary trade message alone: %j', (text) => {
    expect(contactWarnings(text)).toEqual([]);
  });
});
