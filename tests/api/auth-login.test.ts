import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { THROTTLE_POLICY } from '../../server/modules/auth/login-throttle.js';
import { bearer, createMember, GOOD_PASSWORD, type TestMember } from '../helpers/accounts.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('POST /api/auth/login and GET /api/auth/me', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_EMAILS: 'promoted@example.kr' });
  });
  afterAll(() => ctx.close());

  const login = (payload: Record<string, unknown>, remoteAddress = '203.0.113.10') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

  /** Stands in for the wait a slowed-down account must sit out. */
  const waitPasses = () => ctx.db.prisma.loginThrottle.updateMany({ data: { blockedUntil: null } });

  it('answers a token with userId, email, nickname, role and an expiry, and records the login time', async () => {
    const member = await createMember(ctx.db.prisma, { verified: false });
    const response = await login({ email: member.email.toUpperCase(), password: member.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: serverMessages.loginDone, role: 'user', userId: member.id });
    const claims = decode(body.token);
    expect(claims).toMatchObject({ userId: member.id, email: member.email, nickname: member.nickname, role: 'user' });
    expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
    expect(JSON.parse(Buffer.from(body.token.split('.')[0], 'base64url').toString()).alg).toBe('HS256');

    const me = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    const row = await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
    expect(row.lastLoginAt).toBeInstanceOf(Date);
    const user = {
      id: member.id,
      _id: member.id,
      userId: member.id,
      email: member.email,
      nickname: member.nickname,
      role: 'user',
      isEmailVerified: false,
      isVerified: false,
      emailVerifiedAt: null,
      createdAt: row.createdAt.toISOString(),
      lastLoginAt: row.lastLoginAt!.toISOString(),
      nicknameChangedAt: null,
      nextNicknameChangeAt: null,
    };
    expect(me.json()).toEqual({
      role: 'user',
      user,
      email: member.email,
      nickname: member.nickname,
      isEmailVerified: false,
      isVerified: false,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    });
    expect(me.body).not.toContain('password');
  });

  it('gives the admin role at login to an e-mail ADMIN_EMAILS lists', async () => {
    const member = await createMember(ctx.db.prisma, { email: 'promoted@example.kr' });
    const body = (await login({ email: member.email, password: member.password })).json();
    expect(body.role).toBe('admin');
    expect(decode(body.token).role).toBe('admin');
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(body.token) })).json().role).toBe('admin');
  });

  it('answers a wrong password and an unknown e-mail alike, and checks the fields first', async () => {
    const member = await createMember(ctx.db.prisma);
    const wrong = await login({ email: member.email, password: 'Wrong!pass1' }, '198.51.100.1');
    const unknown = await login({ email: 'nobody-here@example.kr', password: 'Wrong!pass1' }, '198.51.100.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'login_failed', message: serverMessages.loginFailed });
    expect(unknown.json()).toEqual(wrong.json());

    expect((await login({ email: 'no-at-sign', password: GOOD_PASSWORD })).json()).toEqual({ error: 'email_invalid', message: serverMessages.emailInvalid });
    const short = await login({ email: member.email, password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'password_too_short', message: serverMessages.loginPasswordShort });
    expect((await login({ email: member.email })).statusCode).toBe(400);
  });

  it('slows repeated failures on one account, then locks it for 15 minutes, whatever the IP', async () => {
    const member = await createMember(ctx.db.prisma);
    const wrong = (ip: string) => login({ email: member.email, password: 'Wrong!pass1' }, ip);
    // The first two failures cost nothing.
    expect((await wrong('192.0.2.1')).statusCode).toBe(401);
    expect((await wrong('192.0.2.2')).statusCode).toBe(401);
    // From the third, each failure makes the next attempt (from any address) wait 1, 2, 4 ... 60 s; the tenth
    // locks the account for 15 minutes.
    const waits: number[] = [];
    for (let failure = 3; failure <= THROTTLE_POLICY.account.lockAt; failure += 1) {
      await waitPasses();
      expect((await wrong(`192.0.2.${failure}`)).statusCode).toBe(401);
      const next = await wrong(`192.0.2.${failure + 100}`);
      expect(next.statusCode).toBe(429);
      expect(next.headers['retry-after']).toBe(String(next.json().retryAfter));
      waits.push(next.json().retryAfter);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 900]);

    // Locked: even the right password from a new address waits, with the time in minutes.
    const locked = await login({ email: member.email, password: member.password }, '192.0.2.250');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'login_locked',
      message: serverMessages.loginLocked(serverMessages.waitMinutes(15)),
      retryAfter: 900,
    });

    // After the lock, the right password works and clears the count.
    await waitPasses();
    expect((await login({ email: member.email, password: member.password }, '192.0.2.251')).statusCode).toBe(200);
    expect(await ctx.db.prisma.loginThrottle.count({ where: { scope: 'account', subject: member.email.toLowerCase() } })).toBe(0);
  });

  it('locks an IP that sprays guesses over many accounts, without locking those accounts for other addresses', async () => {
    const ip = '203.0.113.77';
    const victim = await createMember(ctx.db.prisma);
    await ctx.db.prisma.loginThrottle.create({
      data: { scope: 'ip', subject: ip, failures: THROTTLE_POLICY.ip.lockAt - 1, lastFailureAt: new Date() },
    });
    expect((await login({ email: 'sprayed@example.kr', password: 'Guess!word1' }, ip)).statusCode).toBe(401);
    const blocked = await login({ email: victim.email, password: victim.password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retryAfter).toBe(900);
    expect((await login({ email: victim.email, password: victim.password }, '203.0.113.78')).statusCode).toBe(200);
  });

  it('lets only one guess through when a burst of wrong passwords arrives at once', async () => {
    const member = await createMember(ctx.db.prisma);
    await ctx.db.prisma.loginThrottle.create({
      data: { scope: 'account', subject: member.email.toLowerCase(), failures: THROTTLE_POLICY.account.lockAt - 1, lastFailureAt: new Date() },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login({ email: member.email, password: `Wrong!pass${i}` }, `198.51.100.${i + 20}`)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('keeps the lock in the database, so another server process refuses too, and forgets it once the window passes', async () => {
    const member = await createMember(ctx.db.prisma);
    await ctx.db.prisma.loginThrottle.create({
      data: {
        scope: 'account',
        subject: member.email.toLowerCase(),
        failures: THROTTLE_POLICY.account.lockAt,
        lastFailureAt: new Date(),
        blockedUntil: new Date(Date.now() + 600_000),
      },
    });
    const other: App = await buildApp({ config: ctx.config, prisma: ctx.db.prisma, databaseUrl: ctx.db.url, logger: false });
    try {
      const response = await other.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
      expect(response.statusCode).toBe(429);
      expect(response.json().retryAfter).toBeGreaterThan(590);
    } finally {
      await other.close();
    }
    // An old streak does not carry on: the first failure after the window starts a new count.
    await ctx.db.prisma.loginThrottle.updateMany({
      where: { subject: member.email.toLowerCase() },
      data: { blockedUntil: null, lastFailureAt: new Date(Date.now() - (THROTTLE_POLICY.windowSeconds + 1) * 1000) },
    });
    expect((await login({ email: member.email, password: 'Wrong!pass1' }, '192.0.2.99')).statusCode).toBe(401);
    const row = await ctx.db.prisma.loginThrottle.findFirstOrThrow({ where: { scope: 'account', subject: member.email.toLowerCase() } });
    expect(row).toMatchObject({ failures: 1, blockedUntil: null });
  });

  it('refuses /me without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized', message: serverMessages.unauthorized });
  });
});

describe('refused session tokens on the real app', () => {
  let ctx: TestContext;
  let member: TestMember;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    member = await createMember(ctx.db.prisma);
    token = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } })).json().token;
  });
  afterAll(() => ctx.close());

  const me = (value: string) => ctx.app.inject({ url: '/api/auth/me', headers: bearer(value) });
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = () => ({ userId: member.id, email: member.email, nickname: member.nickname, role: 'admin' as const });

  it('accepts the token it issued', async () => {
    expect((await me(token)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const expired = ctx.app.jwt.sign(claims(), { expiresIn: -5 });
    expect((await me(expired)).json()).toEqual({ error: 'invalid_token', message: serverMessages.sessionInvalid });
  });

  it('refuses an unsigned alg:none token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims(), iat: now, exp: now + 3600 })}.`;
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token signed with another key, and one with HS512', async () => {
    const { createSigner } = await import('fast-jwt');
    const foreign = createSigner({ key: 'another-secret-that-is-long-enough-for-hs256', expiresIn: 3600_000 })(claims());
    expect((await me(foreign)).statusCode).toBe(401);
    const otherAlgorithm = createSigner({ key: ctx.config.jwt.secret, algorithm: 'HS512', expiresIn: 3600_000 })(claims());
    expect((await me(otherAlgorithm)).statusCode).toBe(401);
  });

  it('refuses a token whose userId is not an account id', async () => {
    expect((await me(ctx.app.jwt.sign({ ...claims(), userId: '42' }))).statusCode).toBe(401);
  });
});
