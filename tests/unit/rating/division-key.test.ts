import { describe, expect, it } from 'vitest';
import { proxyDivisionKey } from '../../../server/modules/rating/division-key.js';

describe('proxyDivisionKey', () => {
  it('maps sanply to 27', () => {
    expect(proxyDivisionKey('sanply')).toBe('27');
  });

  it('maps supply, supply-1 and supply-2 to supply', () => {
    expect(proxyDivisionKey('supply')).toBe('supply');
    expect(proxyDivisionKey('supply-1')).toBe('supply');
    expect(proxyDivisionKey('supply-2')).toBe('supply');
  });

  it('leaves every other division unchanged', () => {
    expect(proxyDivisionKey('sal-beginner')).toBe('sal-beginner');
    expect(proxyDivisionKey('3rdbase')).toBe('3rdbase');
    expect(proxyDivisionKey('27')).toBe('27');
  });
});
