import { beforeAll, describe, expect, it } from 'vitest';
import { READER_MARK_LIMITS } from '@shared/rules/reader-marks.js';
import { useLeagueTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createMember, type TestMember } from '../factories/members.js';

describe('a member\'s favourites and recently viewed clans and players', () => {
  const ctx = useLeagueTestApp();
  let clans: { slug: string; name: string; league: string }[];
  let players: { enlistment: string; nickname: string }[];

  beforeAll(async () => {
    clans = (await ctx.pool.query(
      `SELECT c.slug, c.name, l.slug AS league FROM clans c JOIN leagues l ON l.id = c.league_id ORDER BY c.id`)).rows;
    players = (await ctx.pool.query(`SELECT enlistment_no AS enlistment, nickname FROM players ORDER BY id LIMIT 60`)).rows;
  });

  const call = (member: TestMember, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: member.headers, payload: payload as object });

  it('stars a clan and a player with the league their page showed, newest first, with names and links of today', async () => {
    const member = await createMember(ctx);
    const clan = clans[0]!;
    const player = players[0]!;
    expect((await call(member, 'PUT', `/api/me/marks/favourites/clan/${clan.slug}`, { league: 'supply-1' })).statusCode).toBe(200);
    const answer = await call(member, 'PUT', `/api/me/marks/favourites/player/${player.enlistment}`, { league: 'sal-beginner' });
    expect(answer.statusCode).toBe(200);
    const { favourites, recent } = answer.json();
    expect(recent).toEqual([]);
    expect(favourites.map((item: { target: string }) => item.target)).toEqual([player.enlistment, clan.slug]);
    expect(favourites[0]).toMatchObject({ kind: 'player', name: player.nickname, league: 'sal-beginner', href: `/league/sal-beginner/player/${player.enlistment}` });
    expect(favourites[1]).toMatchObject({ kind: 'clan', name: clan.name, league: 'supply-1', href: `/league/supply-1/clan/${clan.slug}` });
    // The mark shown is the clan's own, and for a player their clan's (named, so the page can draw it).
    const { rows: [playerClan] } = await ctx.pool.query<{ slug: string | null }>(
      'SELECT c.slug FROM players p LEFT JOIN clans c ON c.id = p.clan_id WHERE p.enlistment_no = $1', [player.enlistment]);
    expect(favourites[0].clanSlug).toBe(playerClan!.slug);
    expect(favourites[1]).toMatchObject({ clanSlug: clan.slug, mark_bg: `/clan-logos/${clan.slug}-1.png` });

    // Starring again moves it to the top with the league now seen; unstarring removes it.
    const again = (await call(member, 'PUT', `/api/me/marks/favourites/clan/${clan.slug}`, { league: clan.league })).json();
    expect(again.favourites[0]).toMatchObject({ target: clan.slug, league: clan.league });
    expect(again.favourites).toHaveLength(2);
    const removed = (await call(member, 'DELETE', `/api/me/marks/favourites/clan/${clan.slug}`)).json();
    expect(removed.favourites.map((item: { target: string }) => item.target)).toEqual([player.enlistment]);
    expect((await call(member, 'GET', '/api/me/marks')).json()).toEqual(removed);
  });

  it('refuses a clan or player that does not exist, and a bad league or kind', async () => {
    const member = await createMember(ctx);
    expect((await call(member, 'PUT', '/api/me/marks/favourites/clan/no-such-clan', { league: 'sal-beginner' })).statusCode).toBe(404);
    expect((await call(member, 'PUT', '/api/me/marks/favourites/player/999999999', { league: 'sal-beginner' })).statusCode).toBe(404);
    expect((await call(member, 'PUT', `/api/me/marks/favourites/team/${clans[0]!.slug}`, { league: 'sal-beginner' })).statusCode).toBe(400);
    expect((await call(member, 'PUT', `/api/me/marks/favourites/clan/${clans[0]!.slug}`, { league: 'Not A League' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/me/marks' })).statusCode).toBe(401);
  });

  it(`keeps at most ${READER_MARK_LIMITS.favourites} favourites (409 past it) and the newest ${READER_MARK_LIMITS.recent} views`, async () => {
    const member = await createMember(ctx);
    for (const player of players.slice(0, READER_MARK_LIMITS.favourites)) {
      expect((await call(member, 'PUT', `/api/me/marks/favourites/player/${player.enlistment}`, { league: 'sal-beginner' })).statusCode).toBe(200);
    }
    const over = await call(member, 'PUT', `/api/me/marks/favourites/player/${players[READER_MARK_LIMITS.favourites]!.enlistment}`, { league: 'sal-beginner' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: 'favourites_full', message: serverMessages.favouritesFull(READER_MARK_LIMITS.favourites) });
    // A favourite already there may be starred again at the limit.
    expect((await call(member, 'PUT', `/api/me/marks/favourites/player/${players[0]!.enlistment}`, { league: 'sal-beginner' })).statusCode).toBe(200);

    const viewed = players.slice(0, READER_MARK_LIMITS.recent + 5);
    for (const player of viewed) await call(member, 'PUT', `/api/me/marks/recent/player/${player.enlistment}`, { league: 'sal-beginner' });
    const { recent } = (await call(member, 'GET', '/api/me/marks')).json();
    expect(recent.map((item: { target: string }) => item.target)).toEqual(viewed.slice(-READER_MARK_LIMITS.recent).reverse().map((player) => player.enlistment));
  });

  it('holds the favourites limit when many stars arrive at once', async () => {
    const member = await createMember(ctx);
    for (const player of players.slice(0, READER_MARK_LIMITS.favourites - 1)) {
      await call(member, 'PUT', `/api/me/marks/favourites/player/${player.enlistment}`, { league: 'sal-beginner' });
    }
    const racing = players.slice(READER_MARK_LIMITS.favourites - 1, READER_MARK_LIMITS.favourites + 4);
    const answers = await Promise.all(racing.map((player) =>
      call(member, 'PUT', `/api/me/marks/favourites/player/${player.enlistment}`, { league: 'sal-beginner' })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await call(member, 'GET', '/api/me/marks')).json().favourites).toHaveLength(READER_MARK_LIMITS.favourites);
  });

  it('merges what a visitor kept in the browser at login: the browser\'s newest first, unknown ones dropped, limits kept', async () => {
    const member = await createMember(ctx);
    await call(member, 'PUT', `/api/me/marks/favourites/clan/${clans[0]!.slug}`, { league: clans[0]!.league });
    await call(member, 'PUT', `/api/me/marks/recent/clan/${clans[1]!.slug}`, { league: clans[1]!.league });
    const merged = await call(member, 'POST', '/api/me/marks/merge', {
      favourites: [
        { kind: 'player', target: players[1]!.enlistment, league: 'sal-beginner' },
        { kind: 'clan', target: 'gone-clan', league: 'sal-beginner' },
        { kind: 'clan', target: clans[0]!.slug, league: 'supply-2' },
      ],
      recent: [
        { kind: 'player', target: players[2]!.enlistment, league: 'sal-beginner' },
        { kind: 'player', target: players[3]!.enlistment, league: 'sal-beginner' },
      ],
    });
    expect(merged.statusCode).toBe(200);
    const { favourites, recent } = merged.json();
    expect(favourites.map((item: { target: string; league: string }) => `${item.target}@${item.league}`)).toEqual([
      `${players[1]!.enlistment}@sal-beginner`, `${clans[0]!.slug}@supply-2`,
    ]);
    expect(recent.map((item: { target: string }) => item.target)).toEqual([players[2]!.enlistment, players[3]!.enlistment, clans[1]!.slug]);
  });

  it('merges into a full account: the account\'s favourites stay, the browser\'s fill none past the limit; views keep the newest', async () => {
    const member = await createMember(ctx);
    const own = players.slice(0, READER_MARK_LIMITS.favourites);
    for (const player of own) await call(member, 'PUT', `/api/me/marks/favourites/player/${player.enlistment}`, { league: 'sal-beginner' });
    const browserViews = players.slice(30, 30 + READER_MARK_LIMITS.recent);
    const merged = await call(member, 'POST', '/api/me/marks/merge', {
      favourites: [{ kind: 'player', target: players[55]!.enlistment, league: 'sal-beginner' }],
      recent: browserViews.map((player) => ({ kind: 'player', target: player.enlistment, league: 'sal-beginner' })),
    });
    expect(merged.statusCode).toBe(200);
    const { favourites, recent } = merged.json();
    expect(favourites).toHaveLength(READER_MARK_LIMITS.favourites);
    expect(favourites.map((item: { target: string }) => item.target)).not.toContain(players[55]!.enlistment);
    expect(recent.map((item: { target: string }) => item.target)).toEqual(browserViews.map((player) => player.enlistment));
    // More than a browser may hold is a bad request, not a partial merge.
    const tooMany = await call(member, 'POST', '/api/me/marks/merge', {
      favourites: [], recent: players.slice(0, READER_MARK_LIMITS.recent + 1).map((player) => ({ kind: 'player', target: player.enlistment, league: 'sal-beginner' })),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('keeps each member\'s lists their own, and drops them with the account', async () => {
    const one = await createMember(ctx);
    const other = await createMember(ctx);
    await call(one, 'PUT', `/api/me/marks/favourites/clan/${clans[0]!.slug}`, { league: clans[0]!.league });
    expect((await call(other, 'GET', '/api/me/marks')).json()).toEqual({ favourites: [], recent: [] });
    expect((await call(one, 'DELETE', '/api/auth/delete')).statusCode).toBe(200);
    expect(await ctx.db.prisma.readerMark.count({ where: { userId: one.id } })).toBe(0);
  });
});
