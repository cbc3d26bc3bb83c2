import { describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { formatKoreanDateTime } from '../../server/modules/auth/field-checks.js';
import { bearer, loginToken, solveCaptcha } from '../helpers/accounts.js';
import { createMember, GOOD_PASSWORD } from '../factories/members.js';

const DAY_MS = 86_400_000;

describe('my page calls: nickname, password, deletion', () => {
  const ctx = useTestApp();

  const signedIn = async () => {
    const member = await createMember(ctx);
    return { member, token: await loginToken(ctx.app, member) };
  };
  const putNickname = (token: string, newNickname: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/auth/nickname', headers: bearer(token), payload: { newNickname } });
  const putPassword = (token: string, payload: Record<string, unknown>, remoteAddress = '203.0.113.5') =>
    ctx.app.inject({ method: 'PUT', url: '/api/auth/password', headers: bearer(token), payload, remoteAddress });

  describe('PUT /api/auth/nickname', () => {
    it('changes the nickname, returns a token carrying it, and then refuses for 30 days with the next date', async () => {
      const { member, token } = await signedIn();
      const newNickname = `${member.nickname}x`;
      const response = await putNickname(token, `  ${newNickname} `);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ message: serverMessages.nicknameChanged, nickname: newNickname });
      const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ userId: member.id, nickname: newNickname });

      const row = await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
      expect(row.nickname).toBe(newNickname);
      const nextAt = new Date(row.nicknameChangedAt!.getTime() + 30 * DAY_MS);
      expect(body.nextNicknameChangeAt).toBe(nextAt.toISOString());
      const me = (await ctx.app.inject({ url: '/api/auth/me', headers: bearer(body.token) })).json();
      expect(me.user).toMatchObject({ nickname: newNickname, nicknameChangedAt: row.nicknameChangedAt!.toISOString(), nextNicknameChangeAt: nextAt.toISOString() });

      const again = await putNickname(body.token, `${newNickname}y`);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({
        error: 'nickname_cooldown',
        message: serverMessages.nicknameCooldown(30, formatKoreanDateTime(nextAt)),
        retryAfter: expect.any(Number),
        nextAllowedAt: nextAt.toISOString(),
      });
      expect(Math.abs(again.json().retryAfter - (nextAt.getTime() - Date.now()) / 1000)).toBeLessThan(3);
      expect(again.json().message).toMatch(/30일에 한 번.*\d{4}년 \d{1,2}월 \d{1,2}일/);

      // 30 days later it may change again.
      await ctx.db.prisma.user.update({ where: { id: member.id }, data: { nicknameChangedAt: new Date(Date.now() - 30 * DAY_MS - 1000) } });
      expect((await putNickname(body.token, `${newNickname}z`)).statusCode).toBe(200);
    });

    it('lets only one of two renames at the same instant through', async () => {
      const { member, token } = await signedIn();
      const answers = await Promise.all([putNickname(token, `${member.nickname}a`), putNickname(token, `${member.nickname}b`)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429]);
    });

    it('refuses a taken nickname (any case), the same one, forbidden words and bad characters', async () => {
      const { member, token } = await signedIn();
      const other = await createMember(ctx);
      const taken = await putNickname(token, other.nickname.toUpperCase());
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ error: 'nickname_taken', message: serverMessages.nicknameTaken });
      expect((await putNickname(token, member.nickname)).json()).toEqual({ error: 'nickname_same', message: serverMessages.nicknameSame });
      for (const word of ['관리자', '운영팀장', 'ADMIN', 'SuperAdmin', '운영자']) {
        expect((await putNickname(token, word)).json(), word).toEqual({ error: 'nickname_forbidden', message: serverMessages.nicknameForbidden });
      }
      expect((await putNickname(token, 'a b')).json().error).toBe('nickname_characters');
      expect((await putNickname(token, '')).json().error).toBe('nickname_required');
      expect((await putNickname(token, 'x'.repeat(17))).json().error).toBe('nickname_length');
      expect((await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).nicknameChangedAt).toBeNull();
    });

    it('needs a session', async () => {
      expect((await ctx.app.inject({ method: 'PUT', url: '/api/auth/nickname', payload: { newNickname: 'nobody' } })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/auth/password', () => {
    it('needs the current password and the sign-up rules, then logs in with the new one only', async () => {
      const { member, token } = await signedIn();
      const wrongOld = await putPassword(token, { oldPassword: 'Not!theone1', newPassword: 'Fresh!pass99' });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json()).toEqual({ error: 'password_wrong', message: serverMessages.passwordWrong });

      const weak = await putPassword(token, { oldPassword: member.password, newPassword: 'weakpass' });
      expect(weak.json()).toEqual({ error: 'password_rules', message: serverMessages.passwordRules, failedRules: ['digit', 'special'] });
      const local = member.email.split('@')[0]!;
      expect((await putPassword(token, { oldPassword: member.password, newPassword: `${local}!1A` })).json().failedRules).toEqual(['notEmailLocal']);
      expect((await putPassword(token, { oldPassword: member.password, newPassword: member.password })).json().error).toBe('password_same');

      const changed = await putPassword(token, { oldPassword: member.password, newPassword: 'Fresh!pass99' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ message: serverMessages.passwordChanged, token: expect.any(String) });
      const hash = (await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } })).passwordHash;
      expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

      const login = (password: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password } });
      expect((await login(member.password)).statusCode).toBe(401);
      expect((await login('Fresh!pass99')).statusCode).toBe(200);
    });

    it('counts wrong current passwords against the login throttle', async () => {
      const { member, token } = await signedIn();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await putPassword(token, { oldPassword: `Guess!${i}word`, newPassword: 'Fresh!pass99' })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const blocked = await putPassword(token, { oldPassword: member.password, newPassword: 'Fresh!pass99' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toBe('login_locked');
    });
  });

  describe('DELETE /api/auth/delete', () => {
    it('removes the personal data but keeps the row under a neutral name, and ends every session', async () => {
      const { member, token } = await signedIn();
      const otherSession = await loginToken(ctx.app, member);
      const response = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: serverMessages.accountDeleted });

      const row = await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: member.id } });
      expect(row.deletedAt).toBeInstanceOf(Date);
      expect(row.email).toBe(`deleted-${member.id}@deleted.invalid`);
      expect(row.nickname).toMatch(/^탈퇴회원-[0-9a-f]{12}$/);
      expect(row).toMatchObject({ role: 'user', emailVerifiedAt: null, lastLoginAt: null, termsAgreedAt: null, privacyAgreedAt: null });
      expect(row.passwordHash).not.toMatch(/^\$argon2/);
      expect(JSON.stringify(row)).not.toContain(member.nickname);
      expect(await ctx.db.prisma.emailVerificationToken.count({ where: { userId: member.id } })).toBe(0);

      for (const session of [token, otherSession]) {
        const me = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(session) });
        expect(me.statusCode).toBe(401);
        expect(me.json().error).toBe('invalid_token');
      }
      const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: member.password } });
      expect(login.statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: bearer(token) })).statusCode).toBe(401);
    });

    it("keeps the member's board posts with their author id under the neutral name", async () => {
      const { member, token } = await signedIn();
      const post = await ctx.db.prisma.boardPost.create({
        data: { category: 'free', title: '탈퇴 전 글', content: '본문', nickname: member.nickname, authorId: member.id },
      });
      await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: bearer(token) });
      const after = await ctx.db.prisma.boardPost.findUniqueOrThrow({ where: { id: post.id } });
      expect(after).toMatchObject({ authorId: member.id, nickname: '탈퇴회원', title: '탈퇴 전 글', content: '본문' });
    });

    it('frees the e-mail and the nickname for a new sign-up', async () => {
      const { member, token } = await signedIn();
      await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete', headers: bearer(token) });
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: member.email, nickname: member.nickname, password: GOOD_PASSWORD, captchaToken: await solveCaptcha(ctx.app) },
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().userId).not.toBe(member.id);
    });

    it('needs a session', async () => {
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/auth/delete' })).statusCode).toBe(401);
    });
  });
});
