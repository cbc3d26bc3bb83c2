import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { buildApp, type App } from '../../server/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { THROTTLE_POLICY } from '../../server/modules/auth/login-throttle.js';
import { bearer, solveCaptcha } from '../helpers/accounts.js';
import { createMember, GOOD_PASSWORD, type TestMember } from '../factories/members.js';

const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

describe('POST /api/auth/login and GET /api/auth/me', () => {
  const ctx = useTestApp({ ADMIN_EMAILS: 'promoted@example.kr' });

  const login = (payload: Record<string, unknown>, remoteAddress = '203.0.113.10') =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

  /** Stands in for the wait a slowed-down account must sit out. */
  const waitPasses = () => ctx.db.prisma.loginThrottle.updateMany({ data: { blockedUntil: null } });

  it('answers a token with userId, email, nickname, role and an expiry, and records the login time', async () => {
    const member = await createMember(ctx, { verified: false });
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
    const member = await createMember(ctx, { email: 'promoted@example.kr' });
    const body = (await login({ email: member.email, password: member.password })).json();
    expect(body.role).toBe('admin');
    expect(decode(body.token).role).toBe('admin');
    expect((await ctx.app.inject({ url: '/api/auth/me', headers: bearer(body.token) })).json().role).toBe('admin');
  });

  it('answers a wrong password and an unknown e-mail alike, and checks the fields first', async () => {
    const member = await createMember(ctx);
    const wrong = await login({ email: member.email, password: 'Wrong!pass1' }, '198.51.100.1');
    const unknown = await login({ email: 'nobody-here@example.kr', password: 'Wrong!pass1' }, '198.51.100.1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'login_failed', message: serverMessages.loginFailed, captchaRequired: false });
    expect(unknown.json()).toEqual(wrong.json());

    expect((await login({ email: 'no-at-sign', password: GOOD_PASSWORD })).json()).toEqual({ error: 'email_invalid', message: serverMessages.emailInvalid });
    const short = await login({ email: member.email, password: 'Ab1!' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'password_too_short', message: serverMessages.loginPasswordShort });
    expect((await login({ email: member.email })).statusCode).toBe(400);
  });

  it('slows repeated failures of one address on one account, then locks that pair for 15 minutes', async () => {
    const member = await createMember(ctx);
    const address = '192.0.2.1';
    const wrong = () => login({ email: member.email, password: 'Wrong!pass1' }, address);
    // The first two failures cost nothing.
    expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(401);
    // From the third, each failure makes this address's next attempt wait 1, 2, 4 ... 60 s; the tenth locks the
    // pair for 15 minutes.
    const waits: number[] = [];
    for (let failure = 3; failure <= THROTTLE_POLICY.accountIp.lockAt; failure += 1) {
      await waitPasses();
      const answer = failure >= THROTTLE_POLICY.robotCheckFrom.account
        ? await login({ email: member.email, password: 'Wrong!pass1', captchaToken: await solveCaptcha(ctx.app) }, address)
        : await wrong();
      expect(answer.statusCode).toBe(401);
      const next = await wrong();
      expect(next.statusCode).toBe(429);
      expect(next.headers['retry-after']).toBe(String(next.json().retryAfter));
      waits.push(next.json().retryAfter);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 900]);

    // Locked for this address: even the right password waits, with the time in minutes.
    const locked = await login({ email: member.email, password: member.password, captchaToken: await solveCaptcha(ctx.app) }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'login_locked',
      message: serverMessages.loginLocked(serverMessages.waitMinutes(15)),
      retryAfter: 900,
    });

    // The member, from their own address, is not locked out: after so many failures they tick the robot check.
    const elsewhere = '198.51.100.200';
    const asked = await login({ email: member.email, password: member.password }, elsewhere);
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toEqual({ error: 'captcha_required', message: serverMessages.loginRobotCheck, captchaRequired: true });
    const checked = await login({ email: member.email, password: member.password, captchaToken: await solveCaptcha(ctx.app) }, elsewhere);
    expect(checked.statusCode).toBe(200);
    // The success clears the account's counts, for every address.
    expect(await ctx.db.prisma.loginThrottle.count({ where: { scope: { in: ['account', 'account_ip'] }, subject: { startsWith: member.email.toLowerCase() } } })).toBe(0);
    // The guessing address itself still counts its failures: it is asked for the robot check.
    expect((await login({ email: member.email, password: member.password }, address)).json().error).toBe('captcha_required');
  });

  it('says when the next attempt will need the robot check, and refuses a spent one', async () => {
    const member = await createMember(ctx);
    await ctx.db.prisma.loginThrottle.create({
      data: { scope: 'account', subject: member.email.toLowerCase(), failures: THROTTLE_POLICY.robotCheckFrom.account - 2, lastFailureAt: new Date() },
    });
    const first = await login({ email: member.email, password: 'Wrong!pass1' }, '192.0.2.31');
    expect(first.json()).toEqual({ error: 'login_failed', message: serverMessages.loginFailed, captchaRequired: false });
    const second = await login({ email: member.email, password: 'Wrong!pass1' }, '192.0.2.32');
    expect(second.json()).toMatchObject({ error: 'login_failed', captchaRequired: true });

    const captchaToken = await solveCaptcha(ctx.app);
    expect((await login({ email: member.email, password: member.password, captchaToken }, '192.0.2.33')).statusCode).toBe(200);
    const reused = await login({ email: member.email, password: member.password, captchaToken }, '192.0.2.34');
    expect(reused.json()).toMatchObject({ error: 'captcha_used' });
  });

  it('asks an address that sprays guesses over many accounts for the robot check, and locks nobody out', async () => {
    const ip = '203.0.113.77';
    const victim = await createMember(ctx);
    await ctx.db.prisma.loginThrottle.create({
      data: { scope: 'ip', subject: ip, failures: THROTTLE_POLICY.robotCheckFrom.ip - 1, lastFailureAt: new Date() },
    });
    expect((await login({ email: 'sprayed@example.kr', password: 'Guess!word1' }, ip)).json().captchaRequired).toBe(true);
    // Everyone behind that address (an internet cafe, a carrier NAT) can still log in, with the robot check.
    const asked = await login({ email: victim.email, password: victim.password }, ip);
    expect(asked.json().error).toBe('captcha_required');
    expect((await login({ email: victim.email, password: victim.password, captchaToken: await solveCaptcha(ctx.app) }, ip)).statusCode).toBe(200);
    // Other addresses are not asked.
    expect((await login({ email: victim.email, password: victim.password }, '203.0.113.78')).statusCode).toBe(200);
  });

  it('lets only one guess through when a burst of wrong passwords from one address arrives at once', async () => {
    const member = await createMember(ctx);
    const address = '198.51.100.20';
    await ctx.db.prisma.loginThrottle.create({
      data: { scope: 'account_ip', subject: `${member.email.toLowerCase()} ${address}`, failures: THROTTLE_POLICY.accountIp.lockAt - 1, lastFailureAt: new Date() },
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login({ email: member.email, password: `Wrong!pass${i}` }, address)),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('keeps the lock in the database, so another server process refuses too, and forgets it once the window passes', async () => {
    const member = await createMember(ctx);
    const address = '192.0.2.99';
    const pair = `${member.email.toLowerCase()} ${address}`;
    await ctx.db.prisma.loginThrottle.create({
      data: {
        scope: 'account_ip',
        subject: pair,
        failures: THROTTLE_POLICY.accountIp.lockAt,
        lastFailureAt: new Date(),
        blockedUntil: new Date(Date.now() + 600_000),
      },
    });
    const other: App = await buildApp({ config: ctx.config, prisma: ctx.db.prisma, databaseUrl: ctx.db.url, logger: false });
    try {
      const response = await other.inject({
        method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password }, remoteAddress: address,
      });
      expect(response.statusCode).toBe(429);
      expect(response.json().retryAfter).toBeGreaterThan(590);
    } finally {
      await other.close();
    }
    // An old streak does not carry on: the first failure after the window starts a new count.
    await ctx.db.prisma.loginThrottle.updateMany({
      where: { subject: pair },
      data: { blockedUntil: null, lastFailureAt: new Date(Date.now() - (THROTTLE_POLICY.windowSeconds + 1) * 1000) },
    });
    expect((await login({ email: member.email, password: 'Wrong!pass1' }, address)).statusCode).toBe(401);
    const row = await ctx.db.prisma.loginThrottle.findFirstOrThrow({ where: { scope: 'account_ip', subject: pair } });
    expect(row).toMatchObject({ failures: 1, blockedUntil: null });
  });

  it('refuses /me without a token', async () => {
    const response = await ctx.app.inject({ url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized', message: serverMessages.unauthorized });
  });
});

describe('refused session tokens on the real app', () => {
  const ctx = useTestApp();
  let member: TestMember;
  let token: string;

  beforeAll(async () => {
    member = await createMember(ctx);
    token = (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } })).json().token;
  });

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
