import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createCommunityUsers, fromIp, type CommunityUsers } from './boards-fixtures.js';

const THREE_HOURS = 3 * 60 * 60;

describe('suggestions, exclusion requests and the admin inbox', () => {
  const ctx = useTestApp();
  let users: CommunityUsers;

  beforeAll(async () => {
    users = await createCommunityUsers(ctx);
  });

  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const suggest = (payload: Record<string, unknown>) => inject({ method: 'POST', url: '/api/sal-board/suggest', payload });
  const exclude = (payload: Record<string, unknown>, ip: string) =>
    inject({ method: 'POST', url: '/api/sal-board/exclude', payload, ...fromIp(ip) });
  const request = (nickname: string) => ({ nickname, clanName: '무적클랜', reason: '클랜 마스터입니다', proof: '' });

  describe('POST /api/sal-board/suggest', () => {
    it('needs an e-mail for the reply and the content, each with its message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ content: '문의' }, serverMessages.suggestEmailRequired],
        [{ email: '   ', content: '문의' }, serverMessages.suggestEmailRequired],
        [{ email: 'not an email', content: '문의' }, serverMessages.suggestEmailInvalid],
        [{ email: 'a@b', content: '문의' }, serverMessages.suggestEmailInvalid],
        [{ email: 'user@example.kr' }, serverMessages.suggestContentRequired],
        [{ email: 'user@example.kr', content: ' \n ' }, serverMessages.suggestContentRequired],
      ];
      for (const [payload, message] of cases) {
        const response = await suggest(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe(message);
      }
      expect(await ctx.db.prisma.suggestion.count()).toBe(0);
    });

    it('stores a suggestion with a trimmed e-mail and an optional nickname', async () => {
      const response = await suggest({ email: '  user@example.kr ', nickname: '', content: '랭킹 페이지가 좋아요' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: serverMessages.suggestReceived });
      const stored = await ctx.db.prisma.suggestion.findFirstOrThrow({ orderBy: { id: 'desc' } });
      expect(stored).toMatchObject({ email: 'user@example.kr', nickname: null, content: '랭킹 페이지가 좋아요' });
    });

    it('limits the request size', async () => {
      const response = await suggest({ email: 'user@example.kr', content: 'x'.repeat(30_000) });
      expect(response.statusCode).toBe(413);
    });
  });

  describe('POST /api/sal-board/exclude', () => {
    it('needs nickname, clan name and reason, each with its message; proof is optional', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ clanName: 'c', reason: 'r' }, serverMessages.excludeNicknameRequired],
        [{ nickname: ' ', clanName: 'c', reason: 'r' }, serverMessages.excludeNicknameRequired],
        [{ nickname: 'n', reason: 'r' }, serverMessages.excludeClanNameRequired],
        [{ nickname: 'n', clanName: 'c', reason: '' }, serverMessages.excludeReasonRequired],
      ];
      for (const [payload, message] of cases) {
        const response = await exclude(payload, '10.20.0.1');
        expect(response.statusCode, message).toBe(400);
        expect(response.json().message).toBe(message);
      }
      const ok = await exclude({ nickname: '증거없음', clanName: '클랜', reason: '사유' }, '10.20.0.1');
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toEqual({ message: serverMessages.excludeReceived });
      expect(await ctx.db.prisma.exclusionRequest.findFirstOrThrow({ where: { nickname: '증거없음' } })).toMatchObject({ proof: null, ip: '10.20.0.1' });
    });

    it('allows one request per 3 hours per nickname (any case) or per IP, and says how long to wait', async () => {
      expect((await exclude(request('저격왕'), '10.21.0.1')).statusCode).toBe(201);

      const sameNickname = await exclude(request('저격왕'), '10.21.0.2');
      expect(sameNickname.statusCode).toBe(429);
      const body = sameNickname.json();
      expect(body.error).toBe('exclusion_too_soon');
      expect(body.retryAfter).toBeGreaterThan(THREE_HOURS - 60);
      expect(body.retryAfter).toBeLessThanOrEqual(THREE_HOURS);
      expect(body.message).toBe(serverMessages.excludeTooSoon(serverMessages.waitTime(body.retryAfter)));
      expect(sameNickname.headers['retry-after']).toBe(String(body.retryAfter));

      expect((await exclude(request('Sniper'), '10.21.0.3')).statusCode).toBe(201);
      expect((await exclude(request('sNIPER'), '10.21.0.4')).statusCode).toBe(429);
      expect((await exclude(request('다른사람'), '10.21.0.1')).statusCode).toBe(429);
      expect((await exclude(request('다른사람'), '10.21.0.9')).statusCode).toBe(201);

      // Two hours later the wait is about an hour; after three hours both the nickname and the IP may send again.
      await ctx.db.prisma.exclusionRequest.updateMany({ where: { nickname: '저격왕' }, data: { createdAt: new Date(Date.now() - 2 * 3600_000) } });
      const laterBody = (await exclude(request('저격왕'), '10.21.0.5')).json();
      expect(laterBody.retryAfter).toBeGreaterThan(3600 - 60);
      expect(laterBody.retryAfter).toBeLessThanOrEqual(3600);
      expect(laterBody.message).toContain('1시간');
      await ctx.db.prisma.exclusionRequest.updateMany({ where: { nickname: '저격왕' }, data: { createdAt: new Date(Date.now() - THREE_HOURS * 1000 - 1000) } });
      expect((await exclude(request('저격왕'), '10.21.0.1')).statusCode).toBe(201);
    });

    it('lets only one of many parallel requests through', async () => {
      const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => exclude(request('동시요청'), `10.22.0.${index + 1}`)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
      const sameIp = await Promise.all(Array.from({ length: 6 }, (_, index) => exclude(request(`아이피${index}`), '10.23.0.1')));
      expect(sameIp.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(await ctx.db.prisma.exclusionRequest.count({ where: { OR: [{ nickname: '동시요청' }, { ip: '10.23.0.1' }] } })).toBe(2);
    });
  });

  describe('admin inbox', () => {
    it('is for admins only', async () => {
      for (const url of ['/api/admin/suggestions', '/api/admin/exclusion-requests']) {
        expect((await inject({ url })).statusCode).toBe(401);
        expect((await inject({ url, headers: users.member.headers })).statusCode).toBe(403);
        expect((await inject({ url, headers: users.admin.headers })).statusCode).toBe(200);
      }
    });

    it('pages suggestions and exclusion requests newest first without repeats, and keeps the sender IP private', async () => {
      for (let index = 0; index < 5; index += 1) await suggest({ email: `inbox${index}@example.kr`, content: `문의 ${index}` });
      const first = (await inject({ url: '/api/admin/suggestions?limit=3', headers: users.admin.headers })).json();
      expect(first.items.map((item: { content: string }) => item.content)).toEqual(['문의 4', '문의 3', '문의 2']);
      expect(first.nextCursor).not.toBeNull();
      const second = (await inject({ url: `/api/admin/suggestions?limit=3&cursor=${first.nextCursor}`, headers: users.admin.headers })).json();
      expect(second.items[0].content).toBe('문의 1');
      const seen = [...first.items, ...second.items].map((item: { _id: string }) => item._id);
      expect(new Set(seen).size).toBe(seen.length);

      const exclusions = (await inject({ url: '/api/admin/exclusion-requests?limit=100', headers: users.admin.headers })).json();
      expect(exclusions.nextCursor).toBeNull();
      expect(exclusions.items.length).toBeGreaterThan(3);
      expect(exclusions.items[0]).toEqual({
        _id: expect.any(String), nickname: expect.any(String), clanName: '무적클랜', reason: '클랜 마스터입니다', proof: null,
        createdAt: expect.any(String),
      });
    });
  });
});
