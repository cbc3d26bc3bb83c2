import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import authPlugin from '../../server/plugins/auth.js';
import errorsPlugin from '../../server/plugins/errors.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const SECRET = 'session-test-secret-long-enough-for-hs256';

describe('session tokens and role checks', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let member: { id: string; email: string; nickname: string; role: 'user' | 'admin' };
  let admin: typeof member;

  beforeAll(async () => {
    db = await createTestDatabase(inject('maintenanceUrl'));
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(authPlugin, { prisma: db.prisma, secret: SECRET, expiresIn: '1h' });
    app.get('/member', { preHandler: app.authenticate }, async (request) => request.member);
    app.get('/maybe', { preHandler: app.identify }, async (request) => ({ member: request.member }));
    app.get('/admin', { preHandler: app.requireAdmin }, async () => ({ ok: true }));
    await app.ready();
    const select = { id: true, email: true, nickname: true, role: true } as const;
    member = await db.prisma.user.create({
      data: { email: 'member@example.kr', nickname: '회원', passwordHash: 'x' },
      select,
    });
    admin = await db.prisma.user.create({
      data: { email: 'admin@example.kr', nickname: '운영자', passwordHash: 'x', role: 'admin' },
      select,
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('signs tokens with the claims the web decodes and reads the member back', async () => {
    const token = app.signSessionToken(member);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ userId: member.id, email: member.email, nickname: '회원', role: 'user' });
    expect(claims.exp - claims.iat).toBe(3600);

    const response = await app.inject({ url: '/member', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...member, sessionVersion: 0 });
  });

  it('refuses a missing, forged, or foreign-algorithm token with 401 and the one error shape', async () => {
    const missing = await app.inject({ url: '/member' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'unauthorized', message: serverMessages.unauthorized });

    const token = app.signSessionToken(member);
    const forged = `${token.slice(0, -2)}xx`;
    const bad = await app.inject({ url: '/member', headers: bearer(forged) });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe('invalid_token');

    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${header}.${token.split('.')[1]}.`;
    expect((await app.inject({ url: '/member', headers: bearer(unsigned) })).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const expired = app.jwt.sign(
      { userId: member.id, email: member.email, nickname: member.nickname, role: 'user' },
      { expiresIn: -10 },
    );
    const response = await app.inject({ url: '/member', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
  });

  it('lets anonymous requests through identify but not a bad token', async () => {
    expect((await app.inject({ url: '/maybe' })).json()).toEqual({ member: null });
    const signedIn = await app.inject({ url: '/maybe', headers: bearer(app.signSessionToken(member)) });
    expect(signedIn.json().member.id).toBe(member.id);
    expect((await app.inject({ url: '/maybe', headers: bearer('nonsense') })).statusCode).toBe(401);
  });

  it('checks the admin role against the database, not the token', async () => {
    const asMember = await app.inject({ url: '/admin', headers: bearer(app.signSessionToken(member)) });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: 'admin_only', message: serverMessages.adminOnly });

    // A token that claims admin for a member who is not one grants nothing.
    const claimsAdmin = app.signSessionToken({ ...member, role: 'admin' });
    expect((await app.inject({ url: '/admin', headers: bearer(claimsAdmin) })).statusCode).toBe(403);

    const adminToken = app.signSessionToken(admin);
    expect((await app.inject({ url: '/admin', headers: bearer(adminToken) })).statusCode).toBe(200);
    await db.prisma.user.update({ where: { id: admin.id }, data: { role: 'user' } });
    expect((await app.inject({ url: '/admin', headers: bearer(adminToken) })).statusCode).toBe(403);
  });

  it('ends the session of a deleted member', async () => {
    const gone = await db.prisma.user.create({ data: { email: 'gone@example.kr', nickname: '탈퇴', passwordHash: 'x' } });
    const token = app.signSessionToken(gone);
    await db.prisma.user.delete({ where: { id: gone.id } });
    expect((await app.inject({ url: '/member', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('ends the session of a member whose account was deleted (the anonymized row stays)', async () => {
    const left = await db.prisma.user.create({ data: { email: 'left@example.kr', nickname: '떠난회원', passwordHash: 'x', role: 'admin' } });
    const token = app.signSessionToken(left);
    expect((await app.inject({ url: '/admin', headers: bearer(token) })).statusCode).toBe(200);
    await db.prisma.user.update({ where: { id: left.id }, data: { deletedAt: new Date() } });
    for (const url of ['/member', '/maybe', '/admin']) {
      const response = await app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error).toBe('invalid_token');
    }
  });
});
