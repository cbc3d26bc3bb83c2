import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { bearer, loginToken, solveCaptcha } from '../helpers/accounts.js';
import { startMailCapture, verificationLink, type MailCapture } from '../helpers/mail-capture.js';
import { GOOD_PASSWORD, uniqueMember } from '../factories/members.js';

describe('verification mail over SMTP', () => {
  let smtp: MailCapture;
  beforeAll(async () => {
    smtp = await startMailCapture();
  });
  afterAll(() => smtp.close());

  const ctx = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'SAL League <no-reply@sal-league.test>', PUBLIC_ORIGIN: 'https://sal.example' }));

  const signup = async (member: { email: string; nickname: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...member, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) },
    });

  const tokenOf = (link: string) => link.split('/verify/')[1]!;

  it('sends the link in a real SMTP conversation; the link verifies once and shows on /me', async () => {
    const member = uniqueMember('smtp');
    const response = await signup(member);
    expect(response.statusCode).toBe(201);
    expect(response.json().mailSent).toBe(true);

    const mail = await smtp.waitForMail(member.email);
    expect(mail.from).toBe('no-reply@sal-league.test');
    expect(mail.raw).toMatch(/^To: .*@example\.kr/m);
    const link = verificationLink(mail);
    expect(link).toMatch(/^https:\/\/sal\.example\/verify\/[A-Za-z0-9_-]{43}$/);

    const token = await loginToken(ctx.app, { email: member.email, password: GOOD_PASSWORD });
    const before = (await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json();
    expect(before).toMatchObject({ isEmailVerified: false, isVerified: false, user: { isEmailVerified: false } });

    expect((await ctx.app.inject({ url: `/api/auth/verify/${tokenOf(link)}` })).json()).toEqual({ message: serverMessages.verifyDone });
    const after = (await ctx.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json();
    expect(after).toMatchObject({ isEmailVerified: true, isVerified: true, user: { isEmailVerified: true, isVerified: true } });

    const twice = await ctx.app.inject({ url: `/api/auth/verify/${tokenOf(link)}` });
    expect(twice.json()).toEqual({ error: 'verification_used', message: serverMessages.verifyUsed });
  });

  it('verifies once when the link is opened twice at the same instant', async () => {
    const member = uniqueMember('twice');
    await signup(member);
    const token = tokenOf(verificationLink(await smtp.waitForMail(member.email)));
    const answers = await Promise.all([1, 2].map(() => ctx.app.inject({ url: `/api/auth/verify/${token}` })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses an expired link and an unknown one', async () => {
    const member = uniqueMember('late');
    await signup(member);
    const token = tokenOf(verificationLink(await smtp.waitForMail(member.email)));
    await ctx.db.prisma.emailVerificationToken.updateMany({
      where: { user: { email: member.email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await ctx.app.inject({ url: `/api/auth/verify/${token}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'verification_expired', message: serverMessages.verifyExpired });
    expect((await ctx.db.prisma.user.findUniqueOrThrow({ where: { email: member.email } })).emailVerifiedAt).toBeNull();

    for (const bad of ['x'.repeat(43), 'short', '%3Cscript%3E']) {
      const response = await ctx.app.inject({ url: `/api/auth/verify/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toEqual({ error: 'verification_invalid', message: serverMessages.verifyInvalid });
    }
  });

  it('resends a new link after a minute (the old one stops working) and refuses once verified', async () => {
    const member = uniqueMember('again');
    await signup(member);
    const firstToken = tokenOf(verificationLink(await smtp.waitForMail(member.email)));
    const session = await loginToken(ctx.app, { email: member.email, password: GOOD_PASSWORD });
    const resend = () => ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: bearer(session) });

    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toBe('verification_resend_wait');
    expect(tooSoon.json().retryAfter).toBeGreaterThan(50);

    // A minute passes.
    await ctx.db.prisma.emailVerificationToken.updateMany({
      where: { user: { email: member.email } },
      data: { createdAt: new Date(Date.now() - 61_000) },
    });
    const count = smtp.mails.length;
    const resent = await resend();
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ message: serverMessages.verifyResent });
    await expect.poll(() => smtp.mails.length).toBe(count + 1);
    const secondToken = tokenOf(verificationLink(smtp.mails.at(-1)!));
    expect(secondToken).not.toBe(firstToken);

    expect((await ctx.app.inject({ url: `/api/auth/verify/${firstToken}` })).json().error).toBe('verification_invalid');
    expect((await ctx.app.inject({ url: `/api/auth/verify/${secondToken}` })).statusCode).toBe(200);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ error: 'already_verified', message: serverMessages.verifyAlreadyDone });
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend' })).statusCode).toBe(401);
  });
});

describe('sign-up while the SMTP server is down', () => {
  let deadSmtpUrl: string;
  beforeAll(async () => {
    const smtp = await startMailCapture();
    await smtp.close(); // a port nothing listens on any more
    deadSmtpUrl = smtp.url;
  });
  const ctx = useTestApp(() => ({ SMTP_URL: deadSmtpUrl }));

  it('still creates the account and says the mail could not be sent; the resend then answers 503', async () => {
    const member = uniqueMember('down');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...member, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: serverMessages.signupDoneMailFailed, mailSent: false });

    await ctx.db.prisma.emailVerificationToken.updateMany({ data: { createdAt: new Date(Date.now() - 61_000) } });
    const session = await loginToken(ctx.app, { email: member.email, password: GOOD_PASSWORD });
    const resend = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify/resend', headers: bearer(session) });
    expect(resend.statusCode).toBe(503);
    expect(resend.json()).toEqual({ error: 'mail_failed', message: serverMessages.verifyMailFailed });
  });
});
