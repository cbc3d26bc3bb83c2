import { beforeAll, describe, expect, it } from 'vitest';
import { useLeagueTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { bearer, loginToken } from '../helpers/accounts.js';
import { createMember } from '../factories/members.js';

describe('GET /api/admin/users/recent and /api/admin/users/clan/{clanSlug}', () => {
  const ctx = useLeagueTestApp();
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    adminToken = await loginToken(ctx.app, await createMember(ctx, { role: 'admin' }));
    memberToken = await loginToken(ctx.app, await createMember(ctx));
  }, 120_000);

  const get = (url: string, token?: string) => ctx.app.inject({ url, headers: token ? bearer(token) : {} });

  it('is for admins only, checked by the server on both calls', async () => {
    for (const url of ['/api/admin/users/recent', '/api/admin/users/clan/any-clan']) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'unauthorized', message: serverMessages.unauthorized });
      const member = await get(url, memberToken);
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ error: 'admin_only', message: serverMessages.adminOnly });
    }
  });

  it('lists the players seen most recently, newest first, with playerId, nickname, clanSlug and lastSeenAt', async () => {
    const response = await get('/api/admin/users/recent?limit=25', adminToken);
    expect(response.statusCode).toBe(200);
    const { items } = response.json() as { items: { playerId: string; nickname: string; clanSlug: string | null; lastSeenAt: string }[] };
    expect(items).toHaveLength(25);

    const expected = await ctx.pool.query<{ enlistment_no: string; nickname: string; slug: string | null; last_seen_at: Date }>(
      `SELECT p.enlistment_no, p.nickname, c.slug, p.last_seen_at FROM players p LEFT JOIN clans c ON c.id = p.clan_id
       WHERE p.last_seen_at IS NOT NULL ORDER BY p.last_seen_at DESC, p.id DESC LIMIT 25`,
    );
    expect(items).toEqual(
      expected.rows.map((row) => ({
        playerId: row.enlistment_no,
        nickname: row.nickname,
        clanSlug: row.slug,
        lastSeenAt: row.last_seen_at.toISOString(),
      })),
    );
    const times = items.map((item) => Date.parse(item.lastSeenAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('clamps the page to 200 rows and refuses nonsense limits', async () => {
    const response = await get('/api/admin/users/recent?limit=1000', adminToken);
    expect(response.json().items).toHaveLength(200);
    // Past the ceiling every list shares, the request is bad rather than clamped.
    expect((await get('/api/admin/users/recent?limit=5000', adminToken)).statusCode).toBe(400);
    expect((await get('/api/admin/users/recent', adminToken)).json().items).toHaveLength(50);
    expect((await get('/api/admin/users/recent?limit=0', adminToken)).statusCode).toBe(400);
    expect((await get('/api/admin/users/recent?limit=abc', adminToken)).statusCode).toBe(400);
  });

  it("lists a clan's current players, most recently seen first, and 404s an unknown clan", async () => {
    const clan = await ctx.db.prisma.clan.findFirstOrThrow({ where: { players: { some: {} } }, orderBy: { id: 'asc' } });
    const response = await get(`/api/admin/users/clan/${clan.slug}`, adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.clan).toEqual({ slug: clan.slug, name: clan.name });
    const members = await ctx.db.prisma.player.findMany({ where: { clanId: clan.id }, select: { enlistmentNo: true } });
    expect(body.items.map((item: { playerId: string }) => item.playerId).sort()).toEqual(members.map((row) => row.enlistmentNo).sort());
    expect(body.items.every((item: { clanSlug: string }) => item.clanSlug === clan.slug)).toBe(true);
    const seen = body.items.filter((item: { lastSeenAt: string | null }) => item.lastSeenAt).map((item: { lastSeenAt: string }) => Date.parse(item.lastSeenAt));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const unknown = await get('/api/admin/users/clan/no-such-clan', adminToken);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'clan_not_found', message: serverMessages.adminClanNotFound });
  });
});
