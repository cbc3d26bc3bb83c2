import { expect, test, type Page } from '@playwright/test';
import { openWithRefusedToken } from './helpers.js';

/**
 * Community boards in the browser: a non-member writes and edits with the password, likes once per browser,
 * comments and replies; stored markup stays text; the list is a table on desktops and cards on phones.
 */

const unique = () => Math.random().toString(36).slice(2, 8);

/** Accepts the next alert (or confirm) and hands back its text. */
function nextDialog(page: Page, answer?: string): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      resolve(dialog.message());
      await dialog.accept(answer);
    });
  });
}

test.describe('boards', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a non-member writes a post, then edits it with the password', async ({ page }) => {
    const title = `비회원 글 ${unique()}`;
    await page.goto('/sal-board/free');
    await expect(page.getByRole('heading', { name: '자유게시판' })).toBeVisible();
    await page.getByRole('link', { name: '글쓰기' }).click();
    await expect(page).toHaveURL('/sal-board/free/write');

    await page.getByLabel('닉네임').fill('지나가던손님');
    await page.getByLabel('제목').fill(title);
    await page.getByLabel('내용').fill('첫 줄\n둘째 줄');
    await page.getByLabel('비밀번호 (비회원)').fill('pw-1234');
    const written = nextDialog(page);
    await page.getByRole('button', { name: '등록' }).click();
    expect(await written).toBe('글이 작성되었습니다.');
    await expect(page).toHaveURL('/sal-board/free');

    const row = page.getByTestId('post-table').getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('지나가던손님');
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
    await expect(page.getByTestId('post-body')).toHaveText('첫 줄\n둘째 줄');
    // A non-member's post shows the password field and delete button, and an edit link.
    await expect(page.getByLabel('비회원 비밀번호')).toBeVisible();
    await expect(page.getByRole('button', { name: '비밀번호로 삭제' })).toBeVisible();

    await page.getByRole('link', { name: '수정' }).click();
    await expect(page).toHaveURL(/\/sal-board\/free\/\d+\/edit$/);
    await page.getByLabel('제목').fill(`${title} (수정)`);
    await page.getByLabel('비회원 비밀번호').fill('wrong-pw');
    const refused = nextDialog(page);
    await page.getByRole('button', { name: '저장' }).click();
    expect(await refused).toBe('수정 실패: 비밀번호가 일치하지 않습니다.');

    await page.getByLabel('비회원 비밀번호').fill('pw-1234');
    await page.getByRole('button', { name: '저장' }).click();
    await expect(page).toHaveURL(/\/sal-board\/free\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${title} (수정)`);
  });

  test('a stored token the server no longer accepts signs out, and the post still opens and takes a comment', async ({ page, request }) => {
    const created = await request.post('/api/sal-board/free', { data: { title: `옛 세션 ${unique()}`, content: '본문', password: 'abcd' } });
    const { post } = await created.json();
    // A token the browser can decode but the server refuses (as after the account was deleted elsewhere).
    await openWithRefusedToken(page, `/sal-board/free/${post._id}`, '지난세션');
    await expect(page.getByTestId('post-body')).toHaveText('본문');
    await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    const comments = page.getByTestId('comments');
    await comments.getByLabel('댓글').last().fill('세션이 끝나도 댓글은 됩니다');
    await comments.getByRole('button', { name: '등록' }).click();
    await expect(page.getByTestId('comment').first()).toContainText('세션이 끝나도 댓글은 됩니다');
  });

  test('likes once per browser, and comments and replies as a non-member', async ({ page, request }) => {
    const created = await request.post('/api/sal-board/tip', { data: { title: `추천 ${unique()}`, content: '내용', password: 'abcd' } });
    const { post } = await created.json();
    await page.goto(`/sal-board/tip/${post._id}`);

    const like = page.getByTestId('like-button');
    await expect(like).toContainText('추천 0');
    await like.click();
    await expect(like).toContainText('추천 1');
    const again = nextDialog(page);
    await like.click();
    expect(await again).toBe('이미 추천한 게시글입니다.');
    await expect(like).toContainText('추천 1');

    const comments = page.getByTestId('comments');
    await comments.getByLabel('닉네임').last().fill('댓글손님');
    await comments.getByLabel('비밀번호').last().fill('c-pass');
    await comments.getByLabel('댓글').last().fill('좋은 팁 감사합니다');
    await comments.getByRole('button', { name: '등록' }).click();
    const comment = page.getByTestId('comment').first();
    await expect(comment).toContainText('좋은 팁 감사합니다');
    await expect(comment).toContainText('댓글손님');
    await expect(comments.getByRole('heading')).toHaveText('댓글 1');

    await comment.getByRole('button', { name: '답글' }).click();
    await comment.getByLabel('댓글').fill('저도요');
    await comment.getByRole('button', { name: '등록' }).click();
    await expect(page.getByTestId('reply')).toContainText('저도요');
    await expect(page.getByTestId('reply')).toContainText('익명');

    // Editing a non-member comment asks for the new text, then for its password, by prompt.
    const dialogs: string[] = [];
    const answers = ['고친 댓글', 'c-pass'];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.accept(answers.shift());
    });
    await comment.getByRole('button', { name: '수정' }).first().click();
    await expect(comment.locator('.comment__content').first()).toHaveText('고친 댓글');
    expect(dialogs).toEqual(['수정할 내용을 입력하세요.', '댓글 비밀번호를 입력하세요.']);
  });

  test('stored markup in a post, comment and nickname stays inert text', async ({ page, request }) => {
    const script = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
    const created = await request.post('/api/sal-board/free', {
      data: { nickname: '<script>x=1</script>', title: `<script>window.__pwned=3</script>${unique()}`, content: script, password: 'abcd' },
    });
    expect(created.status()).toBe(201);
    const { post } = await created.json();
    await request.post(`/api/sal-board/free/${post._id}/comment`, { data: { content: script, nickname: '<b>굵게</b>' } });

    await page.goto('/sal-board/free');
    await expect(page.getByRole('link', { name: post.title })).toBeVisible();
    await page.goto(`/sal-board/free/${post._id}`);
    await expect(page.getByTestId('post-body')).toHaveText(script);
    await expect(page.getByTestId('comment')).toContainText(script);
    await expect(page.getByTestId('comment')).toContainText('<b>굵게</b>');
    await expect(page.getByText('<script>x=1</script>').first()).toBeVisible();
    await expect(page.locator('.post-page img, .post-page b')).toHaveCount(0);
    expect(await page.evaluate(() => ({ pwned: (window as { __pwned?: unknown }).__pwned, x: (window as { x?: unknown }).x }))).toEqual({});
  });

  test('the read-only /board copy shows posts without forms or buttons', async ({ page, request }) => {
    const created = await request.post('/api/sal-board/trade/user', { data: { title: `읽기 전용 ${unique()}`, content: '본문', password: 'abcd' } });
    const { post } = await created.json();
    await page.goto('/board/trade/user');
    await expect(page.getByRole('heading', { name: '유저 거래 게시판' })).toBeVisible();
    await expect(page.getByRole('link', { name: '글쓰기' })).toHaveCount(0);
    await page.getByRole('link', { name: post.title }).click();
    await expect(page).toHaveURL(`/board/trade/user/${post._id}`);
    await expect(page.getByTestId('post-body')).toHaveText('본문');
    await expect(page.getByTestId('like-button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: '등록' })).toHaveCount(0);
  });
});

test.describe('boards on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('shows cards under 768 px instead of the table', async ({ page, request }) => {
    const title = `카드 ${unique()}`;
    await request.post('/api/sal-board/humor', { data: { title, content: '본문', password: 'abcd' } });
    await page.goto('/sal-board/humor');
    await expect(page.getByTestId('post-cards')).toContainText(title);
    await expect(page.getByTestId('post-table')).toHaveCount(0);
  });
});
