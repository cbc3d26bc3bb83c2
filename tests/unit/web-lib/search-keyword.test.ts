import { describe, expect, it } from 'vitest';
import { classifySearchKeyword, isUrlLike } from '@shared/rules/search-keyword.js';

describe('classifySearchKeyword', () => {
  it('does nothing for an empty or blank keyword', () => {
    expect(classifySearchKeyword('')).toEqual({ kind: 'empty' });
    expect(classifySearchKeyword('   ')).toEqual({ kind: 'empty' });
  });

  it('takes the first run of 5+ digits from an address as the enlistment number', () => {
    const fromUrl = (number: string) => ({ kind: 'urlWithNumber', number });
    expect(classifySearchKeyword('https://sa.nexon.com/profile?u=1234567')).toEqual(fromUrl('1234567'));
    expect(classifySearchKeyword('http://example.com/a/12/99999/123456')).toEqual(fromUrl('99999'));
    expect(classifySearchKeyword('  www.example.com/user/00123456  ')).toEqual(fromUrl('00123456'));
    expect(classifySearchKeyword('sa.nexon.com/profile/55555')).toEqual(fromUrl('55555'));
  });

  it('reports an address without 5 digits in a row', () => {
    expect(classifySearchKeyword('www.example.com')).toEqual({ kind: 'urlWithoutNumber' });
    expect(classifySearchKeyword('https://sa.nexon.com/clan/1234')).toEqual({ kind: 'urlWithoutNumber' });
  });

  it('reads 5 or more digits alone as an enlistment number', () => {
    expect(classifySearchKeyword(' 12345 ')).toEqual({ kind: 'enlistmentNumber', number: '12345' });
    expect(classifySearchKeyword('98765432101')).toEqual({ kind: 'enlistmentNumber', number: '98765432101' });
  });

  it('searches anything else as text, trimmed', () => {
    expect(classifySearchKeyword('1234')).toEqual({ kind: 'text', keyword: '1234' });
    expect(classifySearchKeyword('  저격수 ')).toEqual({ kind: 'text', keyword: '저격수' });
    expect(classifySearchKeyword('clan 12345')).toEqual({ kind: 'text', keyword: 'clan 12345' });
  });
});

describe('isUrlLike', () => {
  it('recognises http(s)://, www. and the official host, in any case', () => {
    expect(isUrlLike('https://example.com')).toBe(true);
    expect(isUrlLike('HTTP://EXAMPLE.COM')).toBe(true);
    expect(isUrlLike(' www.example.com')).toBe(true);
    expect(isUrlLike('go to SA.NEXON.COM/profile')).toBe(true);
  });

  it('leaves names, numbers and other text alone', () => {
    expect(isUrlLike('저격수')).toBe(false);
    expect(isUrlLike('12345')).toBe(false);
    expect(isUrlLike('httpclan')).toBe(false);
    expect(isUrlLike('example.com')).toBe(false);
  });
});
