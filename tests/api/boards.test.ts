import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../factories/app.js';
import { serverMessages } from '../../server/lib/messages.js';
import { DELETED_AUTHOR_NAME, neutraliseAuthorNames } from '../../server/modules/boards/member-content.js';
import { createCommunityUsers, fromIp, writePost, type CommunityUsers } from './boards-fixtures.js';
import { createMember } from '../factories/members.js';

/** Every board (docs/product/boards.md#board-categories), as its path and the slug the API answers with. */
const BOARDS: [string, string][] = [
  ['hot', 'hot'], ['free', 'free'], ['sanply', 'sanply'], ['asupply', 'asupply'], ['rankedplay', 'rankedplay'],
  ['champs', 'champs'], ['streamer', 'streamer'], ['notice', 'notice'], ['news', 'news'], ['tip', 'tip'],
  ['humor', 'humor'], ['question', 'question'], ['video', 'video'], ['incident', 'incident'],
  ['trade/user', 'trade-user'], ['trade/sp', 'trade-sp'], ['trade-user', 'trade-user'], ['trade-sp', 'trade-sp'],
];

describe('boards: lists, posts, permissions, likes and views', () => {
  const ctx = useTestApp();
  let users: CommunityUsers;

  beforeAll(async () => {
    users = await createCommunityUsers(ctx);
  });

  const inject = (options: InjectOptions) => ctx.app.inject(options);
  const guestPost = (category = 'free', extra: Record<string, unknown> = {}) =>
    writePost(ctx.app, category, { nickname: '지나가던손님', title: '비회원 글', content: '안녕하세요', password: 'guest-pw', ...extra });

  it('serves every board, the slash forms included, and 404s an unknown board', async () => {
    for (const [path, slug] of BOARDS) {
      const response = await inject({ url: `/api/sal-board/${path}` });
      expect(response.statusCode, path).toBe(200);
      expect(response.json()).toMatchObject({ category: slug, page: 1, limit: 20 });
    }
    const unknown = await inject({ url: '/api/sal-board/politics' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'board_not_found', message: serverMessages.boardUnknown });
  });

  it('lets a non-member write with a password kept as an Argon2id hash that never leaves the server', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/sal-board/tip',
      payload: { nickname: '  뉴비  ', title: '  팁 공유  ', content: '첫 줄\n둘째 줄', password: 'secret-1' },
    });
    expect(response.statusCode).toBe(201);
    const { message, post } = response.json();
    expect(message).toBe(serverMessages.boardPostCreated);
    expect(post).toMatchObject({
      category: 'tip', title: '팁 공유', content: '첫 줄\n둘째 줄', nickname: '뉴비', author: null, isOfficial: false,
      hasPassword: true, likes: 0, views: 0, commentCount: 0, comments: [], contentHtml: null,
    });
    expect(response.body).not.toContain('secret-1');
    expect(response.body).not.toContain('argon2');
    const stored = await ctx.db.prisma.boardPost.findUniqueOrThrow({ where: { id: Number(post._id) } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a non-member post without a password or with a short one, and requires title and content', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '제목', content: '내용' }, serverMessages.boardGuestPasswordRequired],
      [{ title: '제목', content: '내용', password: 'abc' }, serverMessages.boardGuestPasswordTooShort(4)],
      [{ title: '   ', content: '내용', password: 'abcd' }, serverMessages.boardTitleRequired],
      [{ title: '제목', content: ' \n ', password: 'abcd' }, serverMessages.boardContentRequired],
      [{ title: '가'.repeat(101), content: '내용', password: 'abcd' }, serverMessages.boardTitleTooLong(100)],
    ];
    for (const [payload, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/sal-board/free', payload });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const missingTitle = await inject({ method: 'POST', url: '/api/sal-board/free', payload: { content: 'x', password: 'abcd' } });
    expect(missingTitle.statusCode).toBe(400);
  });

  it('turns a blank nickname into 익명 and refuses the staff words in any case or disguise', async () => {
    const anonymous = await inject({ method: 'POST', url: '/api/sal-board/free', payload: { nickname: '   ', title: 't', content: 'c', password: 'abcd' } });
    expect(anonymous.json().post.nickname).toBe('익명');
    for (const nickname of ['관리자', '진짜운영자', '운영팀장', 'admin', 'ADMIN', 'SuperAdmin', 'ａｄｍｉｎ', '관 리 자', 'ad\u200Bmin']) {
      const response = await inject({ method: 'POST', url: '/api/sal-board/free', payload: { nickname, title: 't', content: 'c', password: 'abcd' } });
      expect(response.statusCode, nickname).toBe(400);
      expect(response.json()).toEqual({ error: 'nickname_forbidden', message: serverMessages.boardNicknameForbidden });
    }
    const member = await inject({ method: 'POST', url: '/api/sal-board/free', headers: users.member.headers, payload: { nickname: 'Administrator', title: 't', content: 'c' } });
    expect(member.statusCode).toBe(400);
  });

  it('keeps a member\'s account nickname theirs: nobody else writes under it, in any case', async () => {
    const owned = (await ctx.db.prisma.user.findUniqueOrThrow({ where: { id: users.member.id } })).nickname;
    const attempts: [Record<string, string>, string][] = [
      [{}, owned.toUpperCase()],
      [users.other.headers, owned],
    ];
    for (const [headers, nickname] of attempts) {
      const post = await inject({ method: 'POST', url: '/api/sal-board/free', headers, payload: { nickname, title: 't', content: 'c', password: 'abcd' } });
      expect(post.statusCode, nickname).toBe(409);
      expect(post.json()).toEqual({ error: 'nickname_member', message: serverMessages.boardNicknameMember });
    }
    const postId = await guestPost();
    const comment = await inject({ method: 'POST', url: `/api/sal-board/free/${postId}/comment`, payload: { nickname: owned, content: '사칭 댓글' } });
    expect(comment.statusCode).toBe(409);
    const own = await inject({ method: 'POST', url: '/api/sal-board/free', headers: users.member.headers, payload: { nickname: owned, title: 't', content: 'c' } });
    expect(own.statusCode).toBe(201);
  });

  it('takes the author from the bearer token only: members need no password, admins post under the official name', async () => {
    const member = await inject({ method: 'POST', url: '/api/sal-board/free', headers: users.member.headers, payload: { nickname: '회원닉', title: 't', content: 'c' } });
    expect(member.statusCode).toBe(201);
    expect(member.json().post).toMatchObject({ author: users.member.id, nickname: '회원닉', hasPassword: false, isOfficial: false });

    const admin = await inject({ method: 'POST', url: '/api/sal-board/free', headers: users.admin.headers, payload: { nickname: '아무개', title: 't', content: 'c' } });
    expect(admin.json().post).toMatchObject({ author: users.admin.id, nickname: '관리자', isOfficial: true });

    // The spec's body fields userId, role and author claim nothing.
    const spoof = await inject({
      method: 'POST',
      url: '/api/sal-board/free',
      payload: { title: 't', content: 'c', userId: users.admin.id, author: users.admin.id, role: 'admin' },
    });
    expect(spoof.statusCode).toBe(400);
    expect(spoof.json().error).toBe('password_required');
    const spoofWithPassword = await inject({
      method: 'POST',
      url: '/api/sal-board/free',
      payload: { title: 't', content: 'c', password: 'abcd', userId: users.admin.id, role: 'admin' },
    });
    expect(spoofWithPassword.json().post).toMatchObject({ author: null, isOfficial: false, nickname: '익명' });
  });

  it('keeps notices to admins and the hot board to reading, on the board paths too', async () => {
    const payload = { title: '공지', content: '내용', password: 'abcd' };
    expect((await inject({ method: 'POST', url: '/api/sal-board/notice', payload })).statusCode).toBe(401);
    const member = await inject({ method: 'POST', url: '/api/sal-board/notice', headers: users.member.headers, payload });
    expect(member.statusCode).toBe(403);
    expect(member.json().error).toBe('admin_only');
    const admin = await inject({ method: 'POST', url: '/api/sal-board/notice', headers: users.admin.headers, payload });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().post.contentHtml).toBe('<p>내용</p>\n');

    const hot = await inject({ method: 'POST', url: '/api/sal-board/hot', headers: users.member.headers, payload });
    expect(hot.statusCode).toBe(400);
    expect(hot.json()).toEqual({ error: 'board_not_writable', message: serverMessages.boardNotWritable });
  });

  it('pages a board newest first without repeating or skipping posts', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      ids.push(await writePost(ctx.app, 'video', { title: `영상 ${index}`, content: 'c' }, users.member.headers));
    }
    const first = (await inject({ url: '/api/sal-board/video?page=1' })).json();
    const second = (await inject({ url: '/api/sal-board/video?page=2' })).json();
    expect(first).toMatchObject({ total: 23, totalPages: 2, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(3);
    expect([...first.items, ...second.items].map((item: { _id: string }) => item._id)).toEqual([...ids].reverse());
    const small = (await inject({ url: '/api/sal-board/video?page=3&limit=10' })).json();
    expect(small.items.map((item: { _id: string }) => item._id)).toEqual(ids.slice(0, 3).reverse());
    expect((await inject({ url: '/api/sal-board/video?limit=500' })).statusCode).toBe(400);
  });

  it('reads a post under its own board (or hot) only, and 404s a missing one', async () => {
    const id = await guestPost('humor');
    expect((await inject({ url: `/api/sal-board/humor/${id}` })).statusCode).toBe(200);
    expect((await inject({ url: `/api/sal-board/hot/${id}` })).statusCode).toBe(200);
    const elsewhere = await inject({ url: `/api/sal-board/free/${id}` });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(serverMessages.boardPostNotFound);
    expect((await inject({ url: '/api/sal-board/humor/999999999999' })).statusCode).toBe(404);
    expect((await inject({ url: '/api/sal-board/humor/abc' })).statusCode).toBe(400);
  });

  it('counts a view once per viewer per 24 hours', async () => {
    const id = await guestPost('question');
    const read = async (options: Record<string, unknown> = {}) =>
      (await inject({ url: `/api/sal-board/question/${id}`, ...options })).json().views as number;
    expect(await read(fromIp('10.0.0.1'))).toBe(1);
    expect(await read(fromIp('10.0.0.1'))).toBe(1);
    expect(await read(fromIp('10.0.0.2'))).toBe(2);
    expect(await read({ headers: users.member.headers, ...fromIp('10.0.0.1') })).toBe(3);
    expect(await read({ headers: users.member.headers, ...fromIp('10.0.0.9') })).toBe(3);

    await ctx.db.prisma.boardView.updateMany({ where: { postId: Number(id) }, data: { viewedAt: new Date(Date.now() - 25 * 3600_000) } });
    expect(await read(fromIp('10.0.0.1'))).toBe(4);
    expect(await read(fromIp('10.0.0.1'))).toBe(4);

    // Parallel first views of one viewer count once.
    const parallel = await Promise.all(Array.from({ length: 8 }, () => inject({ url: `/api/sal-board/question/${id}`, ...fromIp('10.0.0.50') })));
    expect(parallel.every((response) => response.statusCode === 200)).toBe(true);
    expect(await read(fromIp('10.0.0.1'))).toBe(5);
  });

  describe('editing and deleting a post (permission matrix)', () => {
    const edit = (url: string, payload: Record<string, unknown>, options: Record<string, unknown> = {}) =>
      inject({ method: 'PUT', url, payload: { title: '고친 제목', content: '고친 내용', ...payload }, ...options });

    it('a member’s post: anonymous 401, another member 403, the author and an admin may', async () => {
      const id = await writePost(ctx.app, 'free', { title: 't', content: 'c' }, users.member.headers);
      const url = `/api/sal-board/free/${id}`;
      expect((await edit(url, {})).statusCode).toBe(401);
      expect((await edit(url, { password: 'anything' })).statusCode).toBe(401);
      const other = await edit(url, {}, { headers: users.other.headers });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'not_owner', message: serverMessages.boardNotOwner });
      // A token claiming admin for a member grants nothing: the role is read from the database.
      const claimed = ctx.app.signSessionToken({ id: users.other.id, email: 'x@example.kr', nickname: 'x', role: 'admin' });
      expect((await edit(url, {}, { headers: { authorization: `Bearer ${claimed}` } })).statusCode).toBe(403);

      const author = await edit(url, {}, { headers: users.member.headers });
      expect(author.statusCode).toBe(200);
      expect(author.json()).toMatchObject({ title: '고친 제목', content: '고친 내용' });
      expect(new Date(author.json().updatedAt).getTime()).toBeGreaterThan(new Date(author.json().createdAt).getTime());
      expect((await edit(url, { title: '관리자 수정' }, { headers: users.admin.headers })).json().title).toBe('관리자 수정');

      expect((await inject({ method: 'DELETE', url })).statusCode).toBe(401);
      expect((await inject({ method: 'DELETE', url, headers: users.other.headers })).statusCode).toBe(403);
      const deleted = await inject({ method: 'DELETE', url, headers: users.member.headers });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: serverMessages.boardDeleted });
      expect((await inject({ url })).statusCode).toBe(404);

      const adminTarget = await writePost(ctx.app, 'free', { title: 't', content: 'c' }, users.member.headers);
      expect((await inject({ method: 'DELETE', url: `/api/sal-board/free/${adminTarget}`, headers: users.admin.headers })).statusCode).toBe(200);
    });

    it('a non-member’s post: the right password works for anyone, a wrong or missing one does not, admins need none', async () => {
      const id = await guestPost();
      const url = `/api/sal-board/free/${id}`;
      const missing = await edit(url, {});
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({ error: 'password_required', message: serverMessages.boardPasswordNeeded });
      const wrong = await edit(url, { password: 'not-it' }, fromIp('10.1.0.1'));
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual({ error: 'wrong_password', message: serverMessages.boardPasswordWrong });
      expect((await edit(url, { password: 'guest-pw' }, fromIp('10.1.0.1'))).statusCode).toBe(200);
      expect((await edit(url, { password: 'guest-pw' }, { headers: users.other.headers })).statusCode).toBe(200);
      expect((await edit(url, { password: 'not-it' }, { headers: users.other.headers })).statusCode).toBe(403);
      expect((await edit(url, {}, { headers: users.admin.headers })).statusCode).toBe(200);

      expect((await inject({ method: 'DELETE', url, payload: { password: 'nope' } })).statusCode).toBe(403);
      expect((await inject({ method: 'DELETE', url, payload: { password: 'guest-pw' } })).statusCode).toBe(200);
      const second = await guestPost();
      expect((await inject({ method: 'DELETE', url: `/api/sal-board/free/${second}`, headers: users.admin.headers })).statusCode).toBe(200);
    });

    it('locks a post for an IP after five wrong passwords, even for the right one, until the window ends', async () => {
      const id = await guestPost();
      const url = `/api/sal-board/free/${id}`;
      const attacker = fromIp('10.2.0.1');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await inject({ method: 'DELETE', url, payload: { password: `guess-${attempt}` }, ...attacker })).statusCode).toBe(403);
      }
      const locked = await inject({ method: 'DELETE', url, payload: { password: 'guest-pw' }, ...attacker });
      expect(locked.statusCode).toBe(429);
      const body = locked.json();
      expect(body.error).toBe('password_locked');
      expect(body.retryAfter).toBeGreaterThan(800);
      expect(body.retryAfter).toBeLessThanOrEqual(900);
      expect(locked.headers['retry-after']).toBe(String(body.retryAfter));
      expect(body.message).toBe(serverMessages.boardPasswordLocked(serverMessages.waitTime(body.retryAfter)));
      expect((await edit(url, { password: 'guest-pw' }, attacker)).statusCode).toBe(429);

      // Another IP is not locked, and the post is still there.
      expect((await edit(url, { password: 'guest-pw' }, fromIp('10.2.0.2'))).statusCode).toBe(200);
      // Once the window has passed, the right password works again and clears the count.
      await ctx.db.prisma.boardPasswordAttempt.updateMany({ where: { postId: Number(id) }, data: { windowStartedAt: new Date(Date.now() - 16 * 60_000) } });
      expect((await edit(url, { password: 'guest-pw' }, attacker)).statusCode).toBe(200);
      expect(await ctx.db.prisma.boardPasswordAttempt.count({ where: { postId: Number(id), ip: '10.2.0.1' } })).toBe(0);
    });

    it('does not let parallel guesses slip past the limit', async () => {
      const id = await guestPost();
      const responses = await Promise.all(Array.from({ length: 12 }, (_, index) =>
        inject({ method: 'PUT', url: `/api/sal-board/free/${id}`, payload: { title: 't', content: 'c', password: `wrong-${index}` }, ...fromIp('10.3.0.1') })));
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 403)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    });
  });

  describe('likes', () => {
    it('counts one like per IP for visitors and one per member, and says so on a repeat', async () => {
      const id = await guestPost('news');
      const like = (options: Record<string, unknown> = {}) => inject({ method: 'POST', url: `/api/sal-board/news/${id}/like`, ...options });
      const first = await like(fromIp('10.4.0.1'));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ likes: 1, message: serverMessages.boardLiked });
      const repeat = await like(fromIp('10.4.0.1'));
      expect(repeat.statusCode).toBe(409);
      expect(repeat.json()).toEqual({ error: 'already_liked', message: serverMessages.boardAlreadyLiked, likes: 1 });
      expect((await like(fromIp('10.4.0.2'))).json().likes).toBe(2);
      expect((await like({ headers: users.member.headers, ...fromIp('10.4.0.1') })).json().likes).toBe(3);
      expect((await like({ headers: users.member.headers, ...fromIp('10.4.0.3') })).statusCode).toBe(409);
      expect((await inject({ url: `/api/sal-board/news/${id}` })).json().likes).toBe(3);
      expect((await inject({ method: 'POST', url: '/api/sal-board/news/99999999/like' })).statusCode).toBe(404);
    });

    it('counts parallel likes of one voter once', async () => {
      const id = await guestPost('news');
      const responses = await Promise.all(Array.from({ length: 10 }, () =>
        inject({ method: 'POST', url: `/api/sal-board/news/${id}/like`, ...fromIp('10.5.0.1') })));
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(9);
      expect((await ctx.db.prisma.boardPost.findUniqueOrThrow({ where: { id: Number(id) } })).likes).toBe(1);
    });

    it('leaves updatedAt alone, so a liked or read notice does not turn UPDATE', async () => {
      const id = await guestPost('news');
      const before = await ctx.db.prisma.boardPost.findUniqueOrThrow({ where: { id: Number(id) } });
      await inject({ method: 'POST', url: `/api/sal-board/news/${id}/like`, ...fromIp('10.6.0.1') });
      await inject({ url: `/api/sal-board/news/${id}`, ...fromIp('10.6.0.1') });
      const after = await ctx.db.prisma.boardPost.findUniqueOrThrow({ where: { id: Number(id) } });
      expect(after.updatedAt).toEqual(before.updatedAt);
      expect(after.likes).toBe(1);
    });
  });

  it('lists hot posts: the last 7 days of every board but notices, by likes × 10 + views', async () => {
    const { prisma } = ctx.db;
    const make = (category: string, likes: number, views: number, daysAgo = 0) => prisma.boardPost.create({
      data: { category, title: `hot ${category} ${likes}/${views}`, content: 'c', nickname: 'n', likes, views, createdAt: new Date(Date.now() - daysAgo * 86_400_000) },
    });
    const top = await make('champs', 5, 3);
    const second = await make('trade-sp', 2, 20);
    const third = await make('streamer', 0, 12);
    await make('streamer', 0, 9); // under 10 points
    await make('notice', 50, 50); // notices are not hot
    await make('free', 50, 50, 8); // too old
    const hot = (await inject({ url: '/api/sal-board/hot' })).json();
    const ids = hot.items.map((item: { _id: string }) => item._id);
    const expected = [top, second, third].map((post) => String(post.id));
    expect(ids.filter((id: string) => expected.includes(id))).toEqual(expected);
    expect(hot.items.find((item: { _id: string }) => item._id === String(second.id)).category).toBe('trade-sp');
    for (const item of hot.items as { likes: number; views: number; category: string }[]) {
      expect(item.category).not.toBe('notice');
      expect(item.likes * 10 + item.views).toBeGreaterThanOrEqual(10);
    }
    const scores = hot.items.map((item: { likes: number; views: number }) => item.likes * 10 + item.views);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  describe('comments and replies', () => {
    const base = (id: string) => `/api/sal-board/free/${id}`;

    it('take comments and replies from members and non-members and answer with the post', async () => {
      const id = await guestPost();
      const guest = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: '첫 댓글', nickname: '', password: 'cmt-pw' } });
      expect(guest.statusCode).toBe(201);
      const afterGuest = guest.json();
      expect(afterGuest._id).toBe(id);
      expect(afterGuest.comments).toHaveLength(1);
      expect(afterGuest.comments[0]).toMatchObject({ nickname: '익명', content: '첫 댓글', hasPassword: true, author: null, replies: [] });
      const commentId = afterGuest.comments[0]._id;

      const noPassword = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: '비번 없는 댓글', nickname: '손님' } });
      expect(noPassword.json().comments[1]).toMatchObject({ hasPassword: false, nickname: '손님' });

      const member = await inject({ method: 'POST', url: `${base(id)}/comment/${commentId}/reply`, headers: users.member.headers, payload: { content: '회원 답글', nickname: '회원' } });
      expect(member.statusCode).toBe(201);
      expect(member.json().comments[0].replies[0]).toMatchObject({ content: '회원 답글', author: users.member.id, hasPassword: false });
      const admin = await inject({ method: 'POST', url: `${base(id)}/comment/${commentId}/reply`, headers: users.admin.headers, payload: { content: '관리자 답글' } });
      expect(admin.json().comments[0].replies[1]).toMatchObject({ nickname: '관리자', isOfficial: true });
      expect(admin.json().commentCount).toBe(4);

      const list = (await inject({ url: '/api/sal-board/free?limit=50' })).json();
      expect(list.items.find((item: { _id: string }) => item._id === id).commentCount).toBe(4);

      const forbidden = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: 'x', nickname: '운영자' } });
      expect(forbidden.statusCode).toBe(400);
      expect(forbidden.json().error).toBe('nickname_forbidden');
      const blank = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: '   ' } });
      expect(blank.json()).toEqual({ error: 'content_required', message: serverMessages.boardCommentRequired });
      const short = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: 'x', password: 'ab' } });
      expect(short.statusCode).toBe(400);
      expect((await inject({ method: 'POST', url: '/api/sal-board/free/99999999/comment', payload: { content: 'x' } })).statusCode).toBe(404);
    });

    it('edit and delete comments and replies: author, admin, the comment password; nobody else', async () => {
      const id = await guestPost();
      const created = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: '원래 댓글', password: 'cmt-pw' } });
      const commentId = created.json().comments[0]._id;
      const commentUrl = `${base(id)}/comment/${commentId}`;
      const put = (url: string, payload: Record<string, unknown>, options: Record<string, unknown> = {}) =>
        inject({ method: 'PUT', url, payload, ...options });

      expect((await put(commentUrl, { content: '수정' })).json().error).toBe('password_required');
      expect((await put(commentUrl, { content: '수정', password: 'nope' })).json().error).toBe('wrong_password');
      const edited = await put(commentUrl, { content: '비번으로 수정', password: 'cmt-pw' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().comments[0].content).toBe('비번으로 수정');
      expect((await put(commentUrl, { content: '관리자 수정' }, { headers: users.admin.headers })).statusCode).toBe(200);

      const reply = await inject({ method: 'POST', url: `${commentUrl}/reply`, headers: users.member.headers, payload: { content: '회원 답글' } });
      const replyId = reply.json().comments[0].replies[0]._id;
      const replyUrl = `${commentUrl}/reply/${replyId}`;
      expect((await put(replyUrl, { content: 'x' })).statusCode).toBe(401);
      expect((await put(replyUrl, { content: 'x' }, { headers: users.other.headers })).statusCode).toBe(403);
      const replyEdit = await put(replyUrl, { content: '답글 수정' }, { headers: users.member.headers });
      expect(replyEdit.json().comments[0].replies[0].content).toBe('답글 수정');
      // A reply is only reachable under its own comment, and a reply cannot be answered.
      expect((await put(`${base(id)}/comment/${replyId}`, { content: 'x' }, { headers: users.admin.headers })).statusCode).toBe(404);
      expect((await inject({ method: 'POST', url: `${base(id)}/comment/${replyId}/reply`, payload: { content: 'x' } })).statusCode).toBe(404);

      expect((await inject({ method: 'DELETE', url: replyUrl, headers: users.other.headers })).statusCode).toBe(403);
      const replyDeleted = await inject({ method: 'DELETE', url: replyUrl, headers: users.member.headers });
      expect(replyDeleted.json().comments[0].replies).toEqual([]);

      const passwordless = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: '비번 없음' } });
      const passwordlessId = passwordless.json().comments[1]._id;
      const passwordlessDelete = await inject({ method: 'DELETE', url: `${base(id)}/comment/${passwordlessId}`, payload: { password: 'anything' } });
      expect(passwordlessDelete.statusCode).toBe(403);
      expect((await inject({ method: 'DELETE', url: `${base(id)}/comment/${passwordlessId}`, headers: users.admin.headers })).statusCode).toBe(200);

      // Deleting a comment takes its replies with it.
      await inject({ method: 'POST', url: `${commentUrl}/reply`, payload: { content: '남은 답글' } });
      expect((await inject({ method: 'DELETE', url: commentUrl, payload: { password: 'wrong' } })).statusCode).toBe(403);
      const gone = await inject({ method: 'DELETE', url: commentUrl, payload: { password: 'cmt-pw' } });
      expect(gone.statusCode).toBe(200);
      expect(gone.json().comments).toEqual([]);
      expect(gone.json().commentCount).toBe(0);
    });

    it('counts comment password guesses toward the post’s lockout', async () => {
      const id = await guestPost();
      const created = await inject({ method: 'POST', url: `${base(id)}/comment`, payload: { content: 'c', password: 'cmt-pw' } });
      const commentUrl = `${base(id)}/comment/${created.json().comments[0]._id}`;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await inject({ method: 'DELETE', url: commentUrl, payload: { password: 'wrong' }, ...fromIp('10.7.0.1') });
      }
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await inject({ method: 'DELETE', url: base(id), payload: { password: 'wrong' }, ...fromIp('10.7.0.1') });
      }
      expect((await inject({ method: 'DELETE', url: commentUrl, payload: { password: 'cmt-pw' }, ...fromIp('10.7.0.1') })).statusCode).toBe(429);
    });
  });

  it('keeps the text of a deleted member’s posts and comments under a neutral name', async () => {
    const id = await writePost(ctx.app, 'free', { nickname: '내닉네임', title: '남는 글', content: 'c' }, users.other.headers);
    await inject({ method: 'POST', url: `/api/sal-board/free/${id}/comment`, headers: users.other.headers, payload: { content: '남는 댓글', nickname: '내닉네임' } });
    // What account deletion runs in its transaction: the rows stay, the chosen names go.
    await ctx.db.prisma.$transaction((tx) => neutraliseAuthorNames(tx, users.other.id));
    const renamed = (await inject({ url: `/api/sal-board/free/${id}` })).json();
    expect(renamed).toMatchObject({ title: '남는 글', nickname: DELETED_AUTHOR_NAME });
    expect(renamed.comments[0]).toMatchObject({ content: '남는 댓글', nickname: DELETED_AUTHOR_NAME });
    // Even a removed user row leaves the text, without the link to the account.
    await ctx.db.prisma.user.delete({ where: { id: users.other.id } });
    const post = (await inject({ url: `/api/sal-board/free/${id}` })).json();
    expect(post).toMatchObject({ title: '남는 글', author: null });
    expect(post.comments[0]).toMatchObject({ content: '남는 댓글', author: null });
    users.other = await createMember(ctx);
  });

  it('limits request sizes', async () => {
    const huge = await inject({ method: 'POST', url: '/api/sal-board/free', payload: { title: 't', content: 'x'.repeat(200_000), password: 'abcd' } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('payload_too_large');
    const id = await guestPost();
    const hugeComment = await inject({ method: 'POST', url: `/api/sal-board/free/${id}/comment`, payload: { content: 'x'.repeat(20_000) } });
    expect(hugeComment.statusCode).toBe(413);
  });
});
