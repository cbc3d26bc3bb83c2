import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACKNOWLEDGED_DEALS_KEY, acknowledgeDeal, pruneAcknowledged, readAcknowledged, unacknowledgedCount,
} from '../../../web/src/features/trade/alerts/acknowledged-deals.js';
import { memoryStorage } from '../../helpers/memory-storage.js';

describe('acknowledged deals (the trade-alert badge)', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', memoryStorage());
  });

  it('uses a sal.trade-prefixed key', () => {
    expect(ACKNOWLEDGED_DEALS_KEY.startsWith('sal.trade')).toBe(true);
  });

  it('records an acknowledgement only for an open deal, once', () => {
    const open = ['a', 'b'];
    expect(acknowledgeDeal('a', open)).toBe(true);
    expect(acknowledgeDeal('a', open)).toBe(true);
    expect(acknowledgeDeal('z', open)).toBe(false);
    expect(acknowledgeDeal(undefined, open)).toBe(false);
    expect(acknowledgeDeal('', open)).toBe(false);
    expect(readAcknowledged()).toEqual(['a']);
  });

  it('counts open deals not acknowledged, never below zero', () => {
    expect(unacknowledgedCount(['a', 'b', 'c'], ['a'])).toBe(2);
    expect(unacknowledgedCount(['a'], ['a', 'x', 'y'])).toBe(0);
    expect(unacknowledgedCount([], ['a'])).toBe(0);
  });

  it('drops acknowledgements of deals no longer open on a fresh summary', () => {
    localStorage.setItem(ACKNOWLEDGED_DEALS_KEY, JSON.stringify(['a', 'gone']));
    expect(pruneAcknowledged(['a', 'b'])).toEqual(['a']);
    expect(readAcknowledged()).toEqual(['a']);
  });

  it('treats a damaged entry as empty', () => {
    localStorage.setItem(ACKNOWLEDGED_DEALS_KEY, '{not json');
    expect(readAcknowledged()).toEqual([]);
    localStorage.setItem(ACKNOWLEDGED_DEALS_KEY, '"text"');
    expect(readAcknowledged()).toEqual([]);
  });
});
