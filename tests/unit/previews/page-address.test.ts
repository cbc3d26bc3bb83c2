import { describe, expect, it } from 'vitest';
import { previewTexts } from '../../../server/lib/messages.js';
import { canonicalPathOf, hasPlausibleKeys, previewAddressOf } from '../../../server/modules/previews/page-address.js';
import { excerptOf, textOfHtml } from '../../../server/modules/previews/post-excerpt.js';

/** Web modules are loaded by a path held in a variable, so the server's type check does not walk the web app. */
const WEB_CATALOGUE_MODULE = '../../../web/src/i18n/community.js';

const at = (url: string) => {
  const parsed = new URL(url, 'http://site');
  return previewAddressOf(decodeURIComponent(parsed.pathname), parsed.searchParams);
};

describe('which thing a page address shows', () => {
  it('reads clans (both readings), players (three readings), the open match and board posts', () => {
    expect(at('/league/sal-beginner/clan/raven?memberSort=rating')).toEqual({ kind: 'clan', league: 'sal-beginner', clanKey: 'raven', match: undefined });
    expect(at('/league/supply/clan/raven/?match=m-1')).toEqual({ kind: 'clan', league: 'supply', clanKey: 'raven', match: 'm-1' });
    expect(at('/sal/player/123456?league=supply-1&highlight=x')).toEqual({
      kind: 'player', player: { reading: 'sal', playerId: '123456', league: 'supply-1' }, match: undefined,
    });
    expect(at('/sal/player/123456?league=')).toMatchObject({ player: { reading: 'sal', league: undefined } });
    expect(at('/league/sanply/player/123456?match=9')).toEqual({
      kind: 'player', player: { reading: 'league', playerId: '123456', league: 'sanply' }, match: '9',
    });
    expect(at('/player/supply/123456')).toMatchObject({ player: { reading: 'proxy', division: 'supply', playerId: '123456' } });
    expect(at('/sal-board/free/12')).toEqual({ kind: 'post', site: 'sal-board', board: 'free', id: '12' });
    expect(at('/board/trade/user/7')).toEqual({ kind: 'post', site: 'board', board: 'trade/user', id: '7' });
    expect(at('/sal-board/notice/3')).toMatchObject({ kind: 'post', board: 'notice', id: '3' });
  });

  it('previews every other page as the site: lists, forms, editors, head-to-head', () => {
    for (const url of ['/', '/league/sal-beginner', '/sal-board/free', '/sal-board/free/write', '/sal-board/trade/user',
      '/sal-board/trade/user/write', '/sal-board/free/12/edit', '/league/sal-beginner/clan/a/vs/b', '/rank/sal-player', '/sal-board/exclude']) {
      expect(at(url), url).toBeNull();
    }
  });

  it('names nothing with keys no thing can have', () => {
    expect(hasPlausibleKeys(at('/league/sal-beginner/clan/raven')!)).toBe(true);
    expect(hasPlausibleKeys(at(`/league/sal-beginner/clan/${'x'.repeat(101)}`)!)).toBe(false);
    expect(hasPlausibleKeys(at('/sal/player/12%0A34')!)).toBe(false);
    expect(hasPlausibleKeys(at('/sal/player/1234?match=%01')!)).toBe(false);
    expect(hasPlausibleKeys(previewAddressOf('/sal-board/free/\ud800', new URLSearchParams())!)).toBe(false);
  });

  it('shares an address with its league and open match, without the rest of its query', () => {
    expect(canonicalPathOf(at('/league/sal-beginner/clan/raven?memberSort=rating&match=m-1')!, undefined))
      .toBe('/league/sal-beginner/clan/raven?match=m-1');
    expect(canonicalPathOf(at('/sal/player/123?highlight=x')!, 'supply-1')).toBe('/sal/player/123?league=supply-1');
    expect(canonicalPathOf(at('/sal/player/123?league=sanply')!, 'supply-1')).toBe('/sal/player/123?league=sanply');
    expect(canonicalPathOf(at('/board/trade/user/7/')!, undefined)).toBe('/board/trade/user/7');
    expect(canonicalPathOf(at('/league/sal-beginner/clan/%ED%9D%91%EB%A3%A1')!, undefined)).toBe('/league/sal-beginner/clan/%ED%9D%91%EB%A3%A1');
  });

  it('names the boards as the web app does', async () => {
    const { communityKo } = (await import(WEB_CATALOGUE_MODULE)) as { communityKo: { boardNames: Record<string, string> } };
    expect(previewTexts.boardNames).toEqual(communityKo.boardNames);
  });
});

describe('post excerpts', () => {
  it('quote the first 100 characters on one line, with an ellipsis when the text goes on', () => {
    expect(excerptOf('  짧은\n\n글  ')).toBe('짧은 글');
    const long = excerptOf('가'.repeat(150));
    expect(long).toBe(`${'가'.repeat(100)}…`);
    expect(excerptOf('가'.repeat(100))).toBe('가'.repeat(100));
  });

  it('read a notice\'s rendered markdown as the text a reader sees', () => {
    const html = '<h2>점검</h2><p><strong>오늘</strong> &amp; 내일 &lt;b&gt;<br>모레</p><ul><li>하나</li><li>둘</li></ul>';
    expect(excerptOf(textOfHtml(html))).toBe('점검 오늘 & 내일 <b> 모레 하나 둘');
  });
});
