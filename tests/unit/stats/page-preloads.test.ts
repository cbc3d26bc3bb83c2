import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstLoadOf } from '../../../rules/first-reads.js';
import { firstLoadTags, type BuildManifest } from '../../../server/plugins/page-preloads.js';

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  'src/features/ranking/SalRankingPage.tsx': { file: 'assets/SalRankingPage-1.js', imports: ['index.html', '_shared-1.js', '_table-1.js'] },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_row-1.js'], css: ['assets/table-1.css', 'assets/shared-1.css'] },
  '_row-1.js': { file: 'assets/row-1.js', imports: ['_table-1.js'] },
};

const none = new URLSearchParams();

describe('the preloads of a page\'s head', () => {
  it('name the page\'s chunks and stylesheets the app\'s own do not bring, and its first answers', () => {
    expect(firstLoadTags(manifest, '/rank/sal-player', none).split('\n').map((tag) => tag.trim())).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/SalRankingPage-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/table-1.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/row-1.js">',
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/table-1.css">',
      '<link rel="preload" as="fetch" crossorigin href="/api/sal/user/ranking?limit=100&amp;skip=0">',
    ]);
  });

  it('name the answers alone without a build manifest, and nothing for a page without a first load', () => {
    expect(firstLoadTags(null, '/ranking', none)).toBe('<link rel="preload" as="fetch" crossorigin href="/api/sal/user/ranking?limit=100&amp;skip=0">');
    for (const path of ['/search', '/trade/user/12', '/league/sal', '/league/supply-1/clan/1234']) expect(firstLoadTags(manifest, path, none), path).toBe('');
  });

  it('name a match list\'s first page per screen, and none when the address filters the list', () => {
    const reads = firstLoadOf(['league', 'sal-beginner', 'clan', '붉은 매'], none)!.reads;
    expect(reads.filter((read) => read.url.includes('/clan-matches/'))).toEqual([
      { url: '/api/league/sal-beginner/clan-matches/%EB%B6%89%EC%9D%80%20%EB%A7%A4?skip=0&limit=10&onlySAL=1&preferSlug=%EB%B6%89%EC%9D%80+%EB%A7%A4', media: '(max-width: 767.98px)' },
      { url: '/api/league/sal-beginner/clan-matches/%EB%B6%89%EC%9D%80%20%EB%A7%A4?skip=0&limit=20&onlySAL=1&preferSlug=%EB%B6%89%EC%9D%80+%EB%A7%A4', media: 'not all and (max-width: 767.98px)' },
    ]);
    const filtered = firstLoadOf(['league', 'sal-beginner', 'player', '123'], new URLSearchParams('map=제3보급창고'))!.reads;
    expect(filtered.map((read) => read.url)).toEqual([
      '/api/league/player/123/summary?league=sal-beginner',
      '/api/league/player/123/rating-history?league=sal-beginner',
      '/api/league/player/123/breakdown?league=sal-beginner',
    ]);
  });

  it('name the module web/src/router.tsx loads for the page\'s address', () => {
    const router = readFileSync(new URL('../../../web/src/router.tsx', import.meta.url), 'utf8');
    // Each route's path and the module its `lazy` imports, within one route object.
    const lazyModules = new Map([...router.matchAll(/path: '([^']+)'((?:(?!path: )[\s\S])*?)import\('\.\/([^']+)'\)/g)]
      .map((match) => [match[1]!, `src/${match[3]!}.tsx`]));
    const addresses: [string, string][] = [
      ['rank/sal-player', '/rank/sal-player'], ['ranking', '/ranking'], ['league/:leagueName', '/league/sal-beginner'],
      ['league/:league/clan/:clanKey', '/league/sal-beginner/clan/raven'], ['league/:league/player/:playerId', '/league/sal-beginner/player/1'],
      ['trade/user', '/trade/user'],
    ];
    for (const [pattern, address] of addresses) {
      expect(firstLoadOf(address.split('/').filter(Boolean), none)?.module, address).toBe(lazyModules.get(pattern));
    }
  });
});
