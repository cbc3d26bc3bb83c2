import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClanDetailResponse } from '../../server/contracts/clans.js';
import type { MatchDetailResponse } from '../../server/contracts/matches.js';
import type { PlayerSummaryResponse } from '../../server/contracts/players.js';
import type { ProxyClanDetailResponse, ProxyPlayerDetailResponse } from '../../server/contracts/proxy.js';
import { appShellDir } from '../helpers/app-shell.js';
import { useLeagueTestApp } from '../factories/app.js';
import { announceWriteOfEverything, SMALL_LEAGUE } from '../helpers/league-app.js';
import { createCommunityUsers, writePost, type CommunityUsers } from './boards-fixtures.js';

const ORIGIN = 'https://sal.example.kr';

/** The characters the server writes as references, read back. */
const decode = (value: string) => value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What a served page's head says: its title, its meta tags by name or property, the canonical link. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const metas = new Map<string, string[]>();
  for (const match of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) {
    metas.set(match[1]!, [...(metas.get(match[1]!) ?? []), decode(match[2]!)]);
  }
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((match) => decode(match[1]!));
  return {
    raw: head,
    titles,
    title: titles[0],
    /** The one value of a meta tag (fails when the tag is missing or repeated). */
    meta(key: string): string {
      const values = metas.get(key) ?? [];
      expect(values, key).toHaveLength(1);
      return values[0]!;
    },
    has: (key: string) => metas.has(key),
    canonical: ((found) => (found ? decode(found) : undefined))(/<link rel="canonical" href="([^"]*)" \/>/.exec(head)?.[1]),
    descriptions: (head.match(/<meta name="description"/g) ?? []).length,
  };
}

/** The figures a clan or player header shows, in the words of the preview. */
function figureWords(figures: { rating: number; win: number; lose: number; draw: number; winRate: number | null; rank: number | null; total: number }) {
  return [
    `레이팅 ${figures.rating.toLocaleString('ko-KR')}`,
    `전적 ${figures.win}승 ${figures.lose}패 ${figures.draw}무`,
    `승률 ${figures.winRate === null ? '-' : `${figures.winRate.toFixed(1)}%`}`,
    figures.rank === null ? '순위 없음' : `순위 ${figures.rank}위 / ${figures.total}`,
  ];
}

/** Width and height of a PNG, after checking its signature and header chunk. */
function pngSize(png: Buffer) {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('link previews: each clan, player, match and post page answers with its own head', () => {
  const context = useLeagueTestApp(SMALL_LEAGUE, { PUBLIC_ORIGIN: ORIGIN }, { webDistDir: appShellDir() });
  let users: CommunityUsers;

  const page = async (url: string, status = 200) => {
    const response = await context.app.inject({ url });
    expect(response.statusCode, url).toBe(status);
    expect(response.headers['content-type'], url).toContain('text/html');
    // Still the app: its script and root are there, whatever the head says.
    expect(response.body, url).toContain('<div id="root"></div>');
    return readHead(response.body);
  };
  const api = async <T>(url: string): Promise<T> => {
    const response = await context.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return response.json<T>();
  };
  const query = async <T>(sql: string, values: unknown[] = []): Promise<T[]> => (await context.pool.query(sql, values)).rows as T[];

  /** The common tags every previewed page carries, once each. */
  function expectCardTags(head: ReturnType<typeof readHead>) {
    expect(head.titles).toHaveLength(1);
    expect(head.descriptions).toBe(1);
    expect(head.meta('og:site_name')).toBe('SAL 리그');
    expect(head.meta('og:locale')).toBe('ko_KR');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('og:image:width')).toBe('1200');
    expect(head.meta('og:image:height')).toBe('630');
    expect(head.meta('og:image')).toBe(head.meta('twitter:image'));
    expect(head.meta('og:title')).toBe(head.meta('twitter:title'));
    expect(head.meta('og:description')).toBe(head.meta('description'));
    expect(head.meta('og:url')).toBe(head.canonical);
  }

  beforeAll(async () => {
    users = await createCommunityUsers(context);
  });

  it('a clan page names the clan, its league and the figures its header shows, with a card of them', async () => {
    const [clan] = await query<{ slug: string }>(
      `SELECT c.slug FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
       WHERE l.slug = 'sal-beginner' AND c.league_id = s.league_id AND s.matches > 0 ORDER BY s.matches DESC, c.slug LIMIT 1`);
    expect(clan, 'a clan playing in the beginner league with matches').toBeDefined();
    const { data } = await api<ClanDetailResponse>(`/api/league/sal-beginner/clan-detail/${clan!.slug}`);
    const head = await page(`/league/sal-beginner/clan/${clan!.slug}?memberSort=rating-desc`);
    expectCardTags(head);
    expect(head.title).toBe(`${data.clan.name} · SAL 리그`);
    expect(head.meta('og:title')).toBe(`${data.clan.name} · ${data.league.name}`);
    const description = head.meta('og:description');
    expect(description.startsWith(data.league.name)).toBe(true);
    for (const words of figureWords({ ...data, winRate: data.win_rate, total: data.rank_total })) expect(description).toContain(words);
    expect(head.meta('og:type')).toBe('profile');
    expect(head.canonical).toBe(`${ORIGIN}/league/sal-beginner/clan/${clan!.slug}`);
    expect(head.meta('og:image')).toMatch(new RegExp(`^${ORIGIN}/og/clan/sal-beginner/${clan!.slug}\\.png\\?v=[\\w-]+$`));
    expect(head.meta('og:image:alt')).toContain(data.clan.name);
  });

  it('the proxy reading of a clan page (a division key) previews the league the page resolves it to', async () => {
    const [clan] = await query<{ slug: string }>(
      `SELECT c.slug FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
       WHERE l.slug IN ('supply-1', 'supply-2') AND s.matches > 0 ORDER BY s.matches DESC, c.slug LIMIT 1`);
    expect(clan, 'a clan with matches in a supply league').toBeDefined();
    const { data } = await api<ProxyClanDetailResponse>(`/api/proxy/clan-detail/supply/${clan!.slug}`);
    const head = await page(`/league/supply/clan/${clan!.slug}`);
    expectCardTags(head);
    expect(head.meta('og:title')).toBe(`${data.clan.name} · ${data.context.shown.name}`);
    for (const words of figureWords({ ...data, winRate: data.win_rate, total: data.rank_count })) expect(head.meta('og:description')).toContain(words);
    expect(head.meta('og:image')).toContain(`/og/clan/${data.clan.division}/${clan!.slug}.png?v=`);
  });

  it('a clan page of a league the clan has left shows that league\'s figures and says where it plays now', async () => {
    const [moved] = await query<{ slug: string; league: string }>(
      `SELECT c.slug, l.slug AS league FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
       WHERE s.league_id <> c.league_id AND s.matches > 0 AND l.slug = 'sal-beginner' ORDER BY c.slug LIMIT 1`);
    if (!moved) return expect.fail('the test league has no clan promoted out of the beginner league');
    const { data } = await api<ClanDetailResponse>(`/api/league/${moved.league}/clan-detail/${moved.slug}`);
    expect(data.context.isCurrent).toBe(false);
    const description = (await page(`/league/${moved.league}/clan/${moved.slug}`)).meta('og:description');
    for (const words of figureWords({ ...data, winRate: data.win_rate, total: data.rank_total })) expect(description).toContain(words);
    expect(description).toContain(`지금은 ${data.context.current!.name}에서 활동`);
  });

  it('a player page without a league names the league the page picks, in the shared address too', async () => {
    const [player] = await query<{ enlistment_no: string }>(
      `SELECT p.enlistment_no FROM player_stats s JOIN players p ON p.id = s.player_id
       WHERE s.matches > 0 AND p.clan_id IS NOT NULL ORDER BY s.matches DESC, p.enlistment_no LIMIT 1`);
    const { data } = await api<PlayerSummaryResponse>(`/api/league/player/${player!.enlistment_no}/summary`);
    const head = await page(`/sal/player/${player!.enlistment_no}?highlight=x`);
    expectCardTags(head);
    expect(head.title).toBe(`${data.nickname} · SAL 리그`);
    expect(head.meta('og:title')).toBe(`${data.nickname} (${data.clanName}) · ${data.league.name}`);
    const description = head.meta('og:description');
    for (const words of figureWords({ ...data, winRate: data.winRate })) expect(description).toContain(words);
    expect(description).toContain(`K/D ${data.kdRate!.toFixed(1)}%`);
    expect(head.canonical).toBe(`${ORIGIN}/sal/player/${player!.enlistment_no}?league=${data.leagueName}`);
    expect(head.meta('og:image')).toContain(`/og/player/${data.leagueName}/${player!.enlistment_no}.png?v=`);
  });

  it('a player page naming another league (reading 1 and 3) previews that league\'s figures; reading 2 its division\'s', async () => {
    const [player] = await query<{ enlistment_no: string; leagues: string[] }>(
      `SELECT p.enlistment_no, array_agg(l.slug ORDER BY l.sort_order) AS leagues FROM player_stats s
       JOIN players p ON p.id = s.player_id JOIN leagues l ON l.id = s.league_id
       WHERE s.matches > 0 GROUP BY p.enlistment_no HAVING count(*) > 1 ORDER BY p.enlistment_no LIMIT 1`);
    if (!player) return expect.fail('the test league has no player with records in two leagues');
    for (const league of player.leagues) {
      const { data } = await api<PlayerSummaryResponse>(`/api/league/player/${player.enlistment_no}/summary?league=${league}`);
      for (const url of [`/sal/player/${player.enlistment_no}?league=${league}`, `/league/${league}/player/${player.enlistment_no}`]) {
        const head = await page(url);
        expect(head.meta('og:title'), url).toContain(data.league.name);
        for (const words of figureWords({ ...data, winRate: data.winRate })) expect(head.meta('og:description'), url).toContain(words);
        expect(head.meta('og:image'), url).toContain(`/og/player/${league}/`);
      }
    }
    const supply = player.leagues.find((league) => league.startsWith('supply-'));
    if (supply) {
      const { data } = await api<ProxyPlayerDetailResponse>(`/api/proxy/player-detail/supply/${player.enlistment_no}`);
      const head = await page(`/player/supply/${player.enlistment_no}`);
      for (const words of figureWords({ ...data, winRate: data.win_rate, total: data.rank_count })) expect(head.meta('og:description')).toContain(words);
      expect(head.meta('og:image')).toContain(`/og/player/${data.player.division}/`);
    }
  });

  it('a clan or player page with ?match= previews that match: both clans, score, map, result', async () => {
    const [match] = await query<{ external_id: string; slug: string; league: string; player: string }>(
      `SELECT m.external_id, c.slug, l.slug AS league, p.enlistment_no AS player FROM matches m
       JOIN clans c ON c.id = m.blue_clan_id JOIN leagues l ON l.id = m.league_id
       JOIN match_players mp ON mp.match_id = m.id AND mp.side = 'blue' JOIN players p ON p.id = mp.player_id
       WHERE m.status = 'complete' AND m.winner IS NOT NULL ORDER BY m.started_at DESC, m.id LIMIT 1`);
    const { data } = await api<MatchDetailResponse>(`/api/league/match-detail/${match!.external_id}`);
    const { match: detail } = data;
    const winner = detail.winner === 'draw' ? '무승부' : `${detail.winner === 'blue' ? detail.blueClanName : detail.redClanName} 승리`;
    for (const url of [
      `/league/${match!.league}/clan/${match!.slug}?match=${match!.external_id}`,
      `/sal/player/${match!.player}?league=${match!.league}&match=${match!.external_id}`,
    ]) {
      const head = await page(url);
      expectCardTags(head);
      expect(head.meta('og:title'), url).toBe(`${detail.blueClanName} vs ${detail.redClanName}`);
      const description = head.meta('og:description');
      expect(description).toContain(detail.league.name);
      expect(description).toContain(`${detail.blueClanName} ${detail.scores[0]} : ${detail.scores[1]} ${detail.redClanName}`);
      expect(description).toContain(detail.map ?? '알 수 없는 맵');
      expect(description).toContain(winner);
      expect(head.meta('og:image')).toContain(`/og/match/${match!.external_id}.png?v=`);
      expect(head.canonical).toContain(`match=${match!.external_id}`);
    }
  });

  it('a post page names its title, the start of its text and its author; a notice quotes its text, not its markdown', async () => {
    const content = `${'첫 문단입니다. '.repeat(10)}\n\n두 번째 문단은 잘려서 보이지 않아야 합니다.`;
    const id = await writePost(context.app, 'free', { title: '이번 시즌 후기', content, nickname: '리뷰어', password: 'pass1234' });
    const head = await page(`/sal-board/free/${id}`);
    expectCardTags(head);
    expect(head.title).toBe('이번 시즌 후기 · SAL 리그');
    expect(head.meta('og:title')).toBe('이번 시즌 후기');
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('author')).toBe('리뷰어');
    const description = head.meta('og:description');
    expect([...description]).toHaveLength(101);
    expect(description.endsWith('…')).toBe(true);
    expect(content.replace(/\s+/g, ' ').startsWith(description.slice(0, -1))).toBe(true);
    expect(head.meta('og:image')).toContain(`/og/post/free/${id}.png?v=`);
    // The same post through the hot board and the read-only copy.
    expect((await page(`/sal-board/hot/${id}`)).meta('og:title')).toBe('이번 시즌 후기');
    expect((await page(`/board/free/${id}`)).meta('og:title')).toBe('이번 시즌 후기');

    const trade = await writePost(context.app, 'trade/user', { title: '거래 글', content: '내용', password: 'pass1234' });
    expect((await page(`/sal-board/trade/user/${trade}`)).meta('og:title')).toBe('거래 글');

    const notice = await context.app.inject({
      method: 'POST', url: '/api/sal/notice', headers: users.admin.headers,
      payload: { title: '점검 안내', content: '## 점검\n\n**오늘 밤** [공지](/sal-board/notice) & 내일 < 모레' },
    });
    const noticeId = notice.json().notice._id as string;
    const noticeHead = await page(`/sal-board/notice/${noticeId}`);
    expect(noticeHead.meta('og:description')).toBe('점검 오늘 밤 공지 & 내일 < 모레');
  });

  it('an address of a clan, player, match or post that does not exist answers 404 with the app, kept out of indexes', async () => {
    const [existing] = await query<{ slug: string }>(`SELECT slug FROM clans ORDER BY slug LIMIT 1`);
    const id = await writePost(context.app, 'free', { title: '있는 글', content: '내용', password: 'pass1234' });
    for (const url of [
      '/league/sal-beginner/clan/no-such-clan',
      '/league/no-such-league/clan/no-such-clan',
      `/league/no-such-league/clan/${existing!.slug}`,
      '/league/supply/clan/no-such-clan',
      '/league/3rdbase/clan/no-such-clan',
      `/league/sal-beginner/clan/${existing!.slug}?match=no-such-match`,
      '/sal/player/999999999',
      `/sal/player/999999999?league=sal-beginner`,
      '/league/sal-beginner/player/999999999',
      '/player/supply/999999999',
      `/sal-board/free/${Number(id) + 100000}`,
      '/sal-board/free/not-a-number',
      `/sal-board/no-such-board/${id}`,
      `/sal-board/notice/${id}`,
      `/league/sal-beginner/clan/${'x'.repeat(300)}`,
    ]) {
      const head = await page(url, 404);
      expect(head.meta('robots'), url).toBe('noindex');
      expect(head.canonical, url).toBeUndefined();
    }
    // The pages that exist next to them still answer 200.
    await page(`/league/sal-beginner/clan/${existing!.slug}`);
    await page(`/sal-board/free/${id}`);
    await page(`/sal-board/free/write`);
  });

  it('every other page previews as the site', async () => {
    for (const url of ['/', '/league/sal-beginner', '/rank/sal-player', '/sal-board/free', '/trade/user']) {
      const head = await page(url);
      expectCardTags(head);
      expect(head.title).toBe('SAL 리그');
      expect(head.meta('og:image')).toMatch(new RegExp(`^${ORIGIN}/og/site\\.png\\?v=`));
    }
    const missing = await page('/no/such/page', 404);
    expect(missing.meta('robots')).toBe('noindex');
  });

  it('a page with its head goes out compressed to a browser that accepts it, and as it is to one that does not', async () => {
    const plain = await context.app.inject({ url: '/rank/sal-player' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const brotli = await context.app.inject({ url: '/rank/sal-player', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await context.app.inject({ url: '/no/such/page', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.statusCode).toBe(404);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('<div id="root"></div>');
  });

  it('escapes names and titles: a hostile clan name or post title writes no markup into the page', async () => {
    const hostile = '</title><script>alert(1)</script>"\' & $& $\'';
    const [league] = await query<{ id: number }>(`SELECT id FROM leagues WHERE slug = 'sal-beginner'`);
    await query(`INSERT INTO clans (slug, name, league_id, mark_bg, mark_front) VALUES ('hostile-clan', $1, $2, 'bg-02', 'front-03')`, [hostile, league!.id]);
    await announceWriteOfEverything(context);
    const response = await context.app.inject({ url: '/league/sal-beginner/clan/hostile-clan' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert');
    expect(response.body).not.toContain('</title><script>');
    const head = readHead(response.body);
    expect(head.titles).toEqual([`${hostile} · SAL 리그`]);
    expect(head.meta('og:title')).toBe(`${hostile} · 통합 비기너 리그`);
    expect(head.meta('og:description')).toContain('아직 매치 기록이 없습니다.');

    const id = await writePost(context.app, 'free', { title: hostile, content: '<img src=x onerror=alert(1)> 본문', password: 'pass1234' });
    const post = await context.app.inject({ url: `/sal-board/free/${id}` });
    expect(post.body).not.toContain('<script>alert');
    expect(post.body).not.toContain('<img src=x');
    expect(readHead(post.body).meta('og:title')).toBe(hostile);
    expect(readHead(post.body).meta('og:description')).toBe('<img src=x onerror=alert(1)> 본문');

    const card = await context.app.inject({ url: '/og/clan/sal-beginner/hostile-clan.png' });
    expect(card.statusCode).toBe(200);
    expect(pngSize(card.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  describe('preview cards', () => {
    it('answer a 1200 x 630 PNG for each kind, with an ETag and caching, and 304 when unchanged', async () => {
      const [clan] = await query<{ slug: string }>(
        `SELECT c.slug FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
         WHERE l.slug = 'sal-beginner' AND s.matches > 0 ORDER BY c.slug LIMIT 1`);
      const [player] = await query<{ enlistment_no: string }>(
        `SELECT p.enlistment_no FROM player_stats s JOIN players p ON p.id = s.player_id JOIN leagues l ON l.id = s.league_id
         WHERE l.slug = 'sal-beginner' AND s.matches > 0 ORDER BY p.enlistment_no LIMIT 1`);
      const [match] = await query<{ external_id: string }>(`SELECT external_id FROM matches WHERE status = 'complete' ORDER BY id LIMIT 1`);
      const post = await writePost(context.app, 'free', { title: '카드', content: '내용', password: 'pass1234' });
      const pages = [
        `/league/sal-beginner/clan/${clan!.slug}`,
        `/sal/player/${player!.enlistment_no}?league=sal-beginner`,
        `/league/sal-beginner/clan/${clan!.slug}?match=${match!.external_id}`,
        `/sal-board/free/${post}`,
        '/league/sal',
      ];
      for (const url of pages) {
        const image = new URL((await page(url)).meta('og:image'));
        expect(image.origin).toBe(ORIGIN);
        const versioned = await context.app.inject({ url: `${image.pathname}${image.search}` });
        expect(versioned.statusCode, url).toBe(200);
        expect(versioned.headers['content-type']).toBe('image/png');
        expect(pngSize(versioned.rawPayload), url).toEqual({ width: 1200, height: 630 });
        expect(versioned.headers.etag).toBe(`"${image.searchParams.get('v')}"`);
        expect(versioned.headers['cache-control']).toBe('public, max-age=86400');
        expect(versioned.headers['cross-origin-resource-policy']).toBe('cross-origin');
        const current = await context.app.inject({ url: image.pathname });
        expect(current.headers['cache-control']).toBe('public, max-age=300');
        expect(current.headers.etag).toBe(versioned.headers.etag);
        const again = await context.app.inject({ url: image.pathname, headers: { 'if-none-match': String(versioned.headers.etag) } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload).toHaveLength(0);
      }
    });

    it('answer 404 for a thing that does not exist, and a new version when the figures change', async () => {
      for (const url of [
        '/og/clan/sal-beginner/no-such-clan.png', '/og/clan/no-such-league/x.png', '/og/player/sal-beginner/999999999.png',
        '/og/match/no-such-match.png', '/og/post/free/999999999.png', '/og/post/no-such-board/1.png', '/og/clan/sal-beginner/x.gif',
      ]) {
        expect((await context.app.inject({ url })).statusCode, url).toBe(404);
      }
      const [clan] = await query<{ id: number; slug: string; league_id: number; rating: number }>(
        `SELECT c.id, c.slug, s.league_id, s.rating FROM clan_stats s JOIN clans c ON c.id = s.clan_id JOIN leagues l ON l.id = s.league_id
         WHERE l.slug = 'sal-beginner' AND s.matches > 0 ORDER BY c.slug DESC LIMIT 1`);
      const url = `/league/sal-beginner/clan/${clan!.slug}`;
      const before = (await page(url)).meta('og:image');
      const beforeCard = await context.app.inject({ url: new URL(before).pathname });
      // A rating changed behind the app's back, then announced as ingest announces its writes.
      await query(`UPDATE clan_stats SET rating = rating + 7 WHERE clan_id = $1 AND league_id = $2`, [clan!.id, clan!.league_id]);
      await announceWriteOfEverything(context);
      const after = await page(url);
      expect(after.meta('og:description')).toContain(`레이팅 ${(clan!.rating + 7).toLocaleString('ko-KR')}`);
      expect(after.meta('og:image')).not.toBe(before);
      const afterCard = await context.app.inject({ url: new URL(after.meta('og:image')).pathname, headers: { 'if-none-match': String(beforeCard.headers.etag) } });
      expect(afterCard.statusCode).toBe(200);
      expect(afterCard.headers.etag).not.toBe(beforeCard.headers.etag);
      expect(afterCard.rawPayload.equals(beforeCard.rawPayload)).toBe(false);
    });
  });
});
