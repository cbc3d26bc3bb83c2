import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { createCommunityUsers, fromIp, type CommunityUsers } from './boards-fixtures.js';

const DAY_MS = 86_400_000;
/** The Korean calendar day `offsetDays` from now, as the form sends it (YYYY-MM-DD). */
const koreanDay = (offsetDays: number) => new Date(Date.now() + 9 * 3600_000 + offsetDays * DAY_MS).toISOString().slice(0, 10);

describe('notices and popups', () => {
  const ctx = useTestApp();
  let users: CommunityUsers;

  beforeAll(async () => {
    users = await createCommunityUsers(ctx);
  });

  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const createNotice = async (payload: Record<string, unknown>) => {
    const response = await inject({ method: 'POST', url: '/api/sal/notice', headers: users.admin.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().notice as Record<string, unknown> & { _id: string };
  };

  it('lets only admins write, edit and delete notices, checked on the server for every path', async () => {
    const payload = { title: '점검 안내', content: '내용', userId: users.member.id, role: 'admin' };
    expect((await inject({ method: 'POST', url: '/api/sal/notice', payload })).statusCode).toBe(401);
    const member = await inject({ method: 'POST', url: '/api/sal/notice', headers: users.member.headers, payload });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ error: 'admin_only', message: serverMessages.adminOnly });
    const claimed = ctx.app.signSessionToken({ id: users.member.id, email: 'm@example.kr', nickname: 'm', role: 'admin' });
    expect((await inject({ method: 'POST', url: '/api/sal/notice', headers: { authorization: `Bearer ${claimed}` }, payload })).statusCode).toBe(403);

    const created = await inject({ method: 'POST', url: '/api/sal/notice', headers: users.admin.headers, payload });
    expect(created.json().message).toBe(serverMessages.noticeCreated);
    const notice = created.json().notice;
    expect(notice).toMatchObject({ title: '점검 안내', nickname: '관리자', isOfficial: true, author: users.admin.id, badge: 'new', showPopup: false });

    const edit = { title: '수정', content: '수정 내용' };
    for (const url of [`/api/sal/notice/${notice._id}`, `/api/sal-board/notice/${notice._id}`]) {
      expect((await inject({ method: 'PUT', url, payload: edit })).statusCode).toBe(401);
      expect((await inject({ method: 'PUT', url, headers: users.member.headers, payload: edit })).statusCode).toBe(403);
      expect((await inject({ method: 'DELETE', url })).statusCode).toBe(401);
      expect((await inject({ method: 'DELETE', url, headers: users.member.headers })).statusCode).toBe(403);
    }
    const saved = await inject({ method: 'PUT', url: `/api/sal/notice/${notice._id}`, headers: users.admin.headers, payload: edit });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ message: serverMessages.noticeUpdated, notice: { title: '수정', content: '수정 내용' } });
    const viaBoard = await inject({ method: 'PUT', url: `/api/sal-board/notice/${notice._id}`, headers: users.admin.headers, payload: { title: '게시판 경로 수정', content: 'c' } });
    expect(viaBoard.json().title).toBe('게시판 경로 수정');

    const deleted = await inject({ method: 'DELETE', url: `/api/sal/notice/${notice._id}`, headers: users.admin.headers });
    expect(deleted.json()).toEqual({ message: serverMessages.boardDeleted });
    expect((await inject({ url: `/api/sal/notice/${notice._id}` })).statusCode).toBe(404);
  });

  it('snaps popup days to 00:00:00 and 23:59:59 of the chosen Korean days', async () => {
    const notice = await createNotice({ title: '팝업', content: 'c', showPopup: true, popupStart: '2026-03-01', popupEnd: '2026-03-03', popupContent: '짧은 안내' });
    expect(notice).toMatchObject({
      showPopup: true,
      popupContent: '짧은 안내',
      popupStart: '2026-02-28T15:00:00.000Z', // 2026-03-01 00:00:00 KST
      popupEnd: '2026-03-03T14:59:59.999Z', // 2026-03-03 23:59:59.999 KST
      popupContentHtml: '<p>짧은 안내</p>\n',
    });
    // A date-time counts by its Korean day: 16:00 UTC on the 1st is already the 2nd in Korea.
    const fromInstant = await createNotice({ title: 'x', content: 'c', showPopup: true, popupStart: '2026-03-01T16:00:00Z', popupEnd: '2026-03-01T16:00:00Z' });
    expect(fromInstant).toMatchObject({ popupStart: '2026-03-01T15:00:00.000Z', popupEnd: '2026-03-02T14:59:59.999Z' });
  });

  it('refuses a popup without days, with the end before the start, or with a day that does not exist', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ showPopup: true }, serverMessages.noticePopupDaysRequired],
      [{ showPopup: true, popupStart: '2026-03-01' }, serverMessages.noticePopupDaysRequired],
      [{ showPopup: true, popupStart: '2026-03-05', popupEnd: '2026-03-04' }, serverMessages.noticePopupRangeInvalid],
      [{ showPopup: true, popupStart: '2026-02-30', popupEnd: '2026-03-04' }, serverMessages.noticePopupDayInvalid],
      [{ showPopup: false, popupStart: 'next week' }, serverMessages.noticePopupDayInvalid],
    ];
    for (const [fields, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/sal/notice', headers: users.admin.headers, payload: { title: 't', content: 'c', ...fields } });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const noTitle = await inject({ method: 'POST', url: '/api/sal/notice', headers: users.admin.headers, payload: { title: ' ', content: 'c' } });
    expect(noTitle.json().message).toBe(serverMessages.boardTitleRequired);
  });

  it('lists notices newest first, and with popupOnly=1|true only popups showing now', async () => {
    const current = await createNotice({ title: '지금 팝업', content: 'c', showPopup: true, popupStart: koreanDay(0), popupEnd: koreanDay(0) });
    const later = await createNotice({ title: '다음 주 팝업', content: 'c', showPopup: true, popupStart: koreanDay(7), popupEnd: koreanDay(8) });
    const past = await createNotice({ title: '지난 팝업', content: 'c', showPopup: true, popupStart: koreanDay(-3), popupEnd: koreanDay(-1) });
    const plain = await createNotice({ title: '일반 공지', content: 'c', popupStart: koreanDay(0), popupEnd: koreanDay(0) });

    const all = await inject({ url: '/api/sal/notice' });
    expect(all.statusCode).toBe(200);
    const allIds = (all.json() as { _id: string }[]).map((notice) => notice._id);
    expect(allIds.slice(0, 4)).toEqual([plain._id, past._id, later._id, current._id]);
    for (const notice of all.json()) {
      for (const field of ['_id', 'title', 'content', 'popupContent', 'showPopup', 'popupStart', 'popupEnd']) expect(notice).toHaveProperty(field);
    }
    for (const flag of ['1', 'true']) {
      const popups = (await inject({ url: `/api/sal/notice?popupOnly=${flag}` })).json() as { _id: string }[];
      expect(popups.map((notice) => notice._id)).toContain(current._id);
      expect(popups.map((notice) => notice._id)).not.toContain(later._id);
      expect(popups.map((notice) => notice._id)).not.toContain(past._id);
      expect(popups.map((notice) => notice._id)).not.toContain(plain._id);
    }
    expect((await inject({ url: '/api/sal/notice?popupOnly=0' })).json()).toHaveLength(all.json().length);
    expect((await inject({ url: '/api/sal/notice?popupOnly=yes' })).statusCode).toBe(400);
    expect((await inject({ url: '/api/sal/notice?limit=2' })).json()).toHaveLength(2);
  });

  it('renders markdown without raw HTML, scripts or javascript: links', async () => {
    const notice = await createNotice({
      title: '<script>alert("title")</script>',
      content: [
        '# 제목', '**굵게** 그리고 [공식 카페](https://cafe.example.com)',
        '<script>alert(1)</script>', '<img src=x onerror=alert(2)>', '[눌러](javascript:alert(3))',
        '[데이터](data:text/html;base64,PHNjcmlwdD5hbGVydCg0KTwvc2NyaXB0Pg==)',
        '![남의 그림](https://tracker.example/pixel.png) ![우리 그림](/uploads/banners/a.png)',
      ].join('\n\n'),
      showPopup: true, popupStart: koreanDay(0), popupEnd: koreanDay(0), popupContent: '<script>alert(5)</script>',
    });
    const html = notice.contentHtml as string;
    expect(html).toContain('<h1>제목</h1>');
    expect(html).toContain('<strong>굵게</strong>');
    expect(html).toContain('<a href="https://cafe.example.com" target="_blank" rel="noopener noreferrer nofollow">공식 카페</a>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;');
    // An image of another host becomes a link (no reader's browser asks that host); the site's own is shown.
    expect(html).toContain('<a href="https://tracker.example/pixel.png" target="_blank" rel="noopener noreferrer nofollow">남의 그림</a>');
    expect(html).toContain('<img src="/uploads/banners/a.png" alt="우리 그림" loading="lazy">');
    expect(html.replace('<img src="/uploads/banners/a.png"', '')).not.toMatch(/<script|<img|href="javascript:|href="data:/i);
    expect(notice.popupContentHtml).toBe('<p>&lt;script&gt;alert(5)&lt;/script&gt;</p>\n');
    // Titles are plain text everywhere: the page escapes them.
    expect(notice.title).toBe('<script>alert("title")</script>');

    const detail = (await inject({ url: `/api/sal-board/notice/${notice._id}` })).json();
    expect(detail.contentHtml).toBe(html);
  });

  it('shows what a write through the notice calls changed in the popup list at once, though the list is kept a moment', async () => {
    const popup = await createNotice({ title: '좋아요 팝업', content: 'c', showPopup: true, popupStart: koreanDay(0), popupEnd: koreanDay(0) });
    const shown = async () => ((await inject({ url: '/api/sal/notice?popupOnly=1' })).json() as Array<{ _id: string; likes: number; title: string }>)
      .find((notice) => notice._id === popup._id);
    expect(await shown()).toMatchObject({ likes: 0, title: '좋아요 팝업' });
    await inject({ method: 'POST', url: `/api/sal/notice/${popup._id}/like`, ...fromIp('10.7.0.1') });
    expect((await shown())?.likes).toBe(1);
    await inject({ method: 'PUT', url: `/api/sal/notice/${popup._id}`, headers: users.admin.headers, payload: { title: '팝업 (수정)', content: 'c' } });
    expect((await shown())?.title).toBe('팝업 (수정)');
    await inject({ method: 'PUT', url: `/api/sal/notice/${popup._id}`, headers: users.admin.headers, payload: { title: '팝업 끔', content: 'c', showPopup: false } });
    expect(await shown()).toBeUndefined();
  });

  it('tags NEW for 24 hours after writing, then UPDATE for 24 hours after an edit', async () => {
    const fresh = await createNotice({ title: '새 공지', content: 'c' });
    expect(fresh.badge).toBe('new');
    const old = await createNotice({ title: '오래된 공지', content: 'c' });
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    await ctx.db.prisma.boardPost.update({ where: { id: Number(old._id) }, data: { createdAt: twoDaysAgo, updatedAt: twoDaysAgo } });
    const badgeOf = async (id: string) => ((await inject({ url: '/api/sal-board/notice?limit=50' })).json().items as { _id: string; badge: string | null }[])
      .find((item) => item._id === id)!.badge;
    expect(await badgeOf(old._id)).toBeNull();
    await inject({ method: 'POST', url: `/api/sal/notice/${old._id}/like`, ...fromIp('10.9.0.1') });
    expect(await badgeOf(old._id)).toBeNull();
    await inject({ method: 'PUT', url: `/api/sal/notice/${old._id}`, headers: users.admin.headers, payload: { title: '오래된 공지 (수정)', content: 'c' } });
    expect(await badgeOf(old._id)).toBe('update');
    // Edited again the day it was written: still NEW, not UPDATE.
    await inject({ method: 'PUT', url: `/api/sal/notice/${fresh._id}`, headers: users.admin.headers, payload: { title: '새 공지 (수정)', content: 'c' } });
    expect(await badgeOf(fresh._id)).toBe('new');
    // Other boards carry no tag.
    const free = await inject({ method: 'POST', url: '/api/sal-board/free', headers: users.member.headers, payload: { title: 't', content: 'c' } });
    expect(free.json().post.badge).toBeNull();
  });

  it('keeps popup fields left out of an edit, and clears them when sent empty', async () => {
    const notice = await createNotice({ title: 't', content: 'c', showPopup: true, popupStart: '2026-05-01', popupEnd: '2026-05-02', popupContent: '팝업' });
    const kept = await inject({ method: 'PUT', url: `/api/sal/notice/${notice._id}`, headers: users.admin.headers, payload: { title: 't2', content: 'c2' } });
    expect(kept.json().notice).toMatchObject({ showPopup: true, popupContent: '팝업', popupStart: '2026-04-30T15:00:00.000Z' });
    const cleared = await inject({
      method: 'PUT', url: `/api/sal/notice/${notice._id}`, headers: users.admin.headers,
      payload: { title: 't3', content: 'c3', showPopup: false, popupContent: '', popupStart: null, popupEnd: null },
    });
    expect(cleared.json().notice).toMatchObject({ showPopup: false, popupContent: null, popupStart: null, popupEnd: null });
    const turnedOn = await inject({ method: 'PUT', url: `/api/sal/notice/${notice._id}`, headers: users.admin.headers, payload: { title: 't', content: 'c', showPopup: true } });
    expect(turnedOn.statusCode).toBe(400);
  });

  it('serves the post calls under /api/sal/notice/{id}: detail, likes, comments', async () => {
    const notice = await createNotice({ title: '댓글 가능한 공지', content: 'c' });
    const url = `/api/sal/notice/${notice._id}`;
    const detail = await inject({ url, ...fromIp('10.8.0.1') });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ _id: notice._id, category: 'notice', views: 1, comments: [] });
    expect((await inject({ method: 'POST', url: `${url}/like`, ...fromIp('10.8.0.1') })).json().likes).toBe(1);
    expect((await inject({ method: 'POST', url: `${url}/like`, ...fromIp('10.8.0.1') })).statusCode).toBe(409);
    const comment = await inject({ method: 'POST', url: `${url}/comment`, payload: { content: '확인했습니다', password: 'abcd' } });
    expect(comment.statusCode).toBe(201);
    const commentId = comment.json().comments[0]._id;
    expect((await inject({ method: 'POST', url: `${url}/comment/${commentId}/reply`, headers: users.member.headers, payload: { content: '저도요' } })).statusCode).toBe(201);
    expect((await inject({ method: 'DELETE', url: `${url}/comment/${commentId}`, payload: { password: 'abcd' } })).json().comments).toEqual([]);

    const free = await inject({ method: 'POST', url: '/api/sal-board/free', headers: users.member.headers, payload: { title: 't', content: 'c' } });
    expect((await inject({ url: `/api/sal/notice/${free.json().post._id}` })).statusCode).toBe(404);
    const notFound = await inject({ method: 'PUT', url: `/api/sal/notice/${free.json().post._id}`, headers: users.admin.headers, payload: { title: 't', content: 'c' } });
    expect(notFound.statusCode).toBe(404);
  });

  it('limits the size of a notice', async () => {
    const response = await inject({ method: 'POST', url: '/api/sal/notice', headers: users.admin.headers, payload: { title: 't', content: '가'.repeat(40_000) } });
    expect(response.statusCode).toBe(413);
  });
});
