import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseOptions } from '@node-rs/argon2';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { createAltchaChallenge } from '../../server/modules/captcha/altcha.js';
import { serverMessages } from '../../server/lib/messages.js';
import { solveCaptcha } from '../helpers/accounts.js';
import { decodeMailText, verificationLink } from '../helpers/mail-capture.js';
import { GOOD_PASSWORD, uniqueMember } from '../factories/members.js';

const ADMIN_EMAIL = 'chief@sal-league.test';

describe('POST /api/auth/signup (no SMTP configured: local outbox)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sal-signup-'));
  const ctx = useTestApp({ DATA_DIR: dataDir, ADMIN_EMAILS: `someone@else.kr, ${ADMIN_EMAIL.toUpperCase()}` });

  const signup = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload });

  const outboxMailTo = (email: string) => {
    const dir = path.join(dataDir, 'outbox');
    const raws = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8'));
    const raw = raws.find((text) => text.toLowerCase().includes(`to: ${email.toLowerCase()}`));
    if (!raw) throw new Error(`no outbox mail to ${email}`);
    return { raw, text: decodeMailText(raw) };
  };

  it('creates the member with an Argon2id hash (m=19456, t=2, p=1), keeps the mail in the outbox, and the link verifies once', async () => {
    const member = uniqueMember('new');
    const response = await signup({
      ...member, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app), agreeTerms: true, agreePrivacy: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: serverMessages.signupDone, mailSent: true });

    const row = await ctx.db.prisma.user.findUniqueOrThrow({ where: { email: member.email } });
    expect(row).toMatchObject({ nickname: member.nickname, role: 'user', emailVerifiedAt: null, deletedAt: null });
    expect(row.termsAgreedAt).toBeInstanceOf(Date);
    expect(row.privacyAgreedAt).toBeInstanceOf(Date);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(row.passwordHash)).toMatchObject({ algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(row.passwordHash).not.toContain(GOOD_PASSWORD);

    const mail = outboxMailTo(member.email);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail.text).toContain(member.nickname);
    const link = verificationLink(mail);
    expect(link.startsWith(`${ctx.config.publicOrigin}/verify/`)).toBe(true);
    const token = link.split('/verify/')[1]!;
    // Only a digest of the token is stored.
    const stored = await ctx.db.prisma.emailVerificationToken.findFirstOrThrow({ where: { userId: row.id } });
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.tokenHash).not.toContain(token);

    const verified = await ctx.app.inject({ url: `/api/auth/verify/${token}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ message: serverMessages.verifyDone });
    expect((await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: row.id } })).emailVerifiedAt).toBeInstanceOf(Date);
    const again = await ctx.app.inject({ url: `/api/auth/verify/${token}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'verification_used', message: serverMessages.verifyUsed });
  });

  it('records no consent time when the client sent no consent (the spec-shaped payload)', async () => {
    const member = uniqueMember('plain');
    expect((await signup({ ...member, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) })).statusCode).toBe(201);
    const row = await ctx.db.prisma.user.findUniqueOrThrow({ where: { email: member.email } });
    expect(row).toMatchObject({ termsAgreedAt: null, privacyAgreedAt: null });
  });

  it('checks the robot check before telling whether an e-mail is taken', async () => {
    const first = uniqueMember('probe');
    expect((await signup({ ...first, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) })).statusCode).toBe(201);
    const probe = await signup({ email: first.email, nickname: 'probenick', password: GOOD_PASSWORD, captchaToken: 'not-solved' });
    expect(probe.statusCode).toBe(400);
    expect(probe.json()).toEqual({ error: 'captcha_failed', message: serverMessages.captchaFailed });
  });

  it('gives the admin role to an e-mail ADMIN_EMAILS lists (any case)', async () => {
    const response = await signup({ email: ADMIN_EMAIL, nickname: 'chiefsal', password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) });
    expect(response.statusCode).toBe(201);
    expect((await ctx.db.prisma.user.findUniqueOrThrow({ where: { email: ADMIN_EMAIL } })).role).toBe('admin');
  });

  it('refuses a taken e-mail or nickname (any case) with 409 and a Korean message, leaving the robot check usable', async () => {
    const first = uniqueMember('dup');
    expect((await signup({ ...first, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) })).statusCode).toBe(201);
    const captchaToken = await solveCaptcha(ctx.app);

    const sameEmail = await signup({ email: first.email.toUpperCase(), nickname: 'othername', password: GOOD_PASSWORD, captchaToken });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: 'email_taken', message: serverMessages.emailTaken });

    const sameNickname = await signup({ email: 'other@example.kr', nickname: first.nickname.toUpperCase(), password: GOOD_PASSWORD, captchaToken });
    expect(sameNickname.statusCode).toBe(409);
    expect(sameNickname.json()).toEqual({ error: 'nickname_taken', message: serverMessages.nicknameTaken });

    // Neither refusal spent the robot check: it still signs up someone else, exactly once.
    const other = uniqueMember('ok');
    expect((await signup({ ...other, password: GOOD_PASSWORD, captchaToken })).statusCode).toBe(201);
    const reused = await signup({ ...uniqueMember('re'), password: GOOD_PASSWORD, captchaToken });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'captcha_used', message: serverMessages.captchaUsed });
  });

  it('spends a solved challenge once even when two sign-ups send it at the same instant', async () => {
    const captchaToken = await solveCaptcha(ctx.app);
    const responses = await Promise.all(
      [uniqueMember('race'), uniqueMember('race')].map((member) => signup({ ...member, password: GOOD_PASSWORD, captchaToken })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    expect(responses.find((response) => response.statusCode === 400)!.json().error).toBe('captcha_used');
  });

  it('checks every sign-up password rule on the server and names the broken ones', async () => {
    const base = { email: 'rules.tester@example.kr', nickname: 'rulestester', captchaToken: 'unused' };
    const cases: [string, string[]][] = [
      ['Ab1!', ['length']],
      ['Abcdefgh1!Abcdefgh1!x', ['length']],
      ['12345678!', ['letter']],
      ['Abcdefgh!', ['digit']],
      ['Abcdefgh1', ['special']],
      ['Abcd efg1!', ['noWhitespace']],
      ['xRules.Tester1!', ['notEmailLocal']],
      ['한글비밀번호입니다', ['letter', 'digit', 'special']],
    ];
    for (const [password, failedRules] of cases) {
      const response = await signup({ ...base, password });
      expect(response.statusCode, password).toBe(400);
      expect(response.json(), password).toEqual({ error: 'password_rules', message: serverMessages.passwordRules, failedRules });
    }
  });

  it('refuses a bad e-mail, bad nicknames (admin words in any case), a refused consent and a missing robot check', async () => {
    const valid = { email: 'fields@example.kr', nickname: 'fieldsok', password: GOOD_PASSWORD, captchaToken: 'x' };
    const expectError = async (payload: Record<string, unknown>, error: string, message: string) => {
      const response = await signup(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual({ error, message });
    };
    await expectError({ ...valid, email: 'not an email' }, 'email_invalid', serverMessages.emailInvalid);
    await expectError({ ...valid, email: 'a@b' }, 'email_invalid', serverMessages.emailInvalid);
    await expectError({ ...valid, nickname: '   ' }, 'nickname_required', serverMessages.nicknameRequired);
    await expectError({ ...valid, nickname: 'a' }, 'nickname_length', serverMessages.nicknameLength(2, 16));
    await expectError({ ...valid, nickname: '<script>' }, 'nickname_characters', serverMessages.nicknameCharacters);
    for (const nickname of ['관리자', 'SAL운영팀', 'xAdMiNx', '운영자님', 'Operator1', 'ＡＤＭＩＮ', '탈퇴회원-abc']) {
      await expectError({ ...valid, nickname }, 'nickname_forbidden', serverMessages.nicknameForbidden);
    }
    await expectError({ ...valid, agreeTerms: false, agreePrivacy: true }, 'consent_required', serverMessages.consentRequired);
    await expectError({ ...valid, agreePrivacy: false }, 'consent_required', serverMessages.consentRequired);
    await expectError({ ...valid, captchaToken: '' }, 'captcha_required', serverMessages.captchaRequired);
    expect((await signup({ email: 'x@example.kr', password: GOOD_PASSWORD, nickname: 'nocaptcha' })).statusCode).toBe(400);
  });

  it('refuses forged, tampered and foreign robot-check payloads', async () => {
    const member = { ...uniqueMember('bot'), password: GOOD_PASSWORD };
    const expectFailed = async (captchaToken: string) => {
      const response = await signup({ ...member, captchaToken });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'captcha_failed', message: serverMessages.captchaFailed });
    };
    await expectFailed('not-base64-json');
    const solved = JSON.parse(Buffer.from(await solveCaptcha(ctx.app), 'base64').toString());
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    // A wrong answer (the derived key is the proof of work), an easier challenge than the one signed, and a
    // challenge signed with another key.
    const wrongKey = `${solved.solution.derivedKey.slice(0, -1)}${solved.solution.derivedKey.endsWith('0') ? '1' : '0'}`;
    await expectFailed(encode({ ...solved, solution: { ...solved.solution, derivedKey: wrongKey } }));
    await expectFailed(encode({ ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, cost: 1 } } }));
    await expectFailed(encode({ ...solved, challenge: { ...solved.challenge, signature: 'ab'.repeat(32) } }));
    // The widget's test mode payload proves nothing.
    await expectFailed(encode({ challenge: null, solution: null, test: true }));
    expect(await ctx.db.prisma.user.count({ where: { email: member.email } })).toBe(0);
  });

  it('refuses a challenge solved after it expired', async () => {
    const challenge = await createAltchaChallenge(ctx.config.captcha.altchaHmacKey, new Date(Date.now() - 11 * 60_000));
    const solution = await solveChallenge({ challenge, deriveKey });
    const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const response = await signup({ ...uniqueMember('late'), password: GOOD_PASSWORD, captchaToken });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'captcha_expired', message: serverMessages.captchaExpired });
  });

  it('serves ALTCHA challenges that are signed, expire in 10 minutes and are never cached', async () => {
    const config = await ctx.app.inject({ url: '/api/captcha/config' });
    expect(config.json()).toEqual({ provider: 'altcha', challengeUrl: '/api/captcha/challenge' });
    const response = await ctx.app.inject({ url: '/api/captcha/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = response.json();
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 250, keyLength: 32 });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.expiresAt - Date.now() / 1000).toBeGreaterThan(590);
    expect(parameters.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(600);
    const second = (await ctx.app.inject({ url: '/api/captcha/challenge' })).json();
    expect(second.parameters.nonce).not.toBe(parameters.nonce);
  });
});
