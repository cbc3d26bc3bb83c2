import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chatOutboxStore, readLastChat, readLastPostAt, writeLastChat, writeLastPostAt,
} from '../../../web/src/features/trade/lib/trade-storage.js';
import { memoryStorage } from '../../helpers/memory-storage.js';

const FIRST = '00000000-0000-4000-8000-000000000001';
const SECOND = '00000000-0000-4000-8000-000000000002';

describe('trade storage is per member on a shared browser', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });

  it("a second account sees neither the first one's cooldown nor its resume-chat banner", () => {
    writeLastPostAt(FIRST, 1_700_000_000_000);
    writeLastChat(FIRST, { postId: 'p1', dealId: 'd1', title: '첫 계정의 채팅' });

    expect(readLastPostAt(SECOND)).toBeNull();
    expect(readLastChat(SECOND)).toBeNull();
    expect(readLastPostAt(FIRST)).toBe(1_700_000_000_000);
    expect(readLastChat(FIRST)).toEqual({ postId: 'p1', dealId: 'd1', title: '첫 계정의 채팅' });

    writeLastChat(SECOND, { postId: 'p2', dealId: 'd2', title: '둘째 계정의 채팅' });
    expect(readLastChat(FIRST)?.dealId).toBe('d1');
    expect(readLastChat(SECOND)?.dealId).toBe('d2');
  });

  it('keeps nothing without a member, and drops the old entries nobody owns', () => {
    writeLastPostAt(undefined, 1);
    expect(localStorage.length).toBe(0);
    expect(readLastChat(undefined)).toBeNull();

    localStorage.setItem('sal.trade.lastPostAt', String(Date.now()));
    localStorage.setItem('sal.trade.lastChat', JSON.stringify({ postId: 'p', dealId: 'd', title: '예전' }));
    expect(readLastPostAt(FIRST)).toBeNull();
    expect(readLastChat(FIRST)).toBeNull();
    expect(localStorage.getItem('sal.trade.lastPostAt')).toBeNull();
    expect(localStorage.getItem('sal.trade.lastChat')).toBeNull();
  });

  it("keeps a chat's unsent messages per member and deal, drops the entry once empty, and reads a damaged one as empty", () => {
    const mine = chatOutboxStore(FIRST, 'deal-1');
    mine.save([{ clientId: 'a1', text: '오프라인 메시지' }]);
    expect(chatOutboxStore(FIRST, 'deal-1').load()).toEqual([{ clientId: 'a1', text: '오프라인 메시지' }]);
    expect(chatOutboxStore(SECOND, 'deal-1').load()).toEqual([]);
    expect(chatOutboxStore(FIRST, 'deal-2').load()).toEqual([]);
    mine.save([]);
    expect(localStorage.getItem(`sal.trade.outbox:${FIRST}:deal-1`)).toBeNull();
    localStorage.setItem(`sal.trade.outbox:${FIRST}:deal-1`, '{not json');
    expect(mine.load()).toEqual([]);
    localStorage.setItem(`sal.trade.outbox:${FIRST}:deal-1`, JSON.stringify([{ clientId: 1 }, { clientId: 'ok', text: '남은 것' }]));
    expect(mine.load()).toEqual([{ clientId: 'ok', text: '남은 것' }]);
    expect(chatOutboxStore(undefined, 'deal-1').load()).toEqual([]);
  });
});
