import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import pg from 'pg';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startMailCapture, verificationLink, type MailCapture } from '../helpers/mail-capture.js';
import { E2E_ADMIN_EMAIL, e2eSmtpPort } from './account-mail.js';
import { databaseUrl } from './members.js';

/**
 * Accounts in the browser: sign up solving the real ALTCHA widget, receive the verification mail on an SMTP server
 * this file runs on loopback (the e2e server's SMTP_URL points at it), open the link, log in, change the nickname;
 * my page, deletion, login errors and the admin users page.
 */

const port = Number(process.env.E2E_PORT ?? 3100);
const PASSWORD = 'Sal!league2026';

// One SMTP server on a fixed port: the file's tests run one after another in one worker.
test.describe.configure({ mode: 'serial' });

let smtp: MailCapture;
test.beforeAll(async () => {
  smtp = await startMailCapture(e2eSmtpPort(port));
});
test.afterAll(async () => {
  await smtp?.close();
});

const tag = () => randomBytes(3).toString('hex');

/** Collects the texts of the alert/confirm dialogs the page opens, answering each with OK. */
function collectDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A member made through the API, as the page would (robot check solved in Node), then logged in. */
async function memberThroughApi(request: APIRequestContext, email: string, nickname: string): Promise<string> {
  const challenge = (await (await request.get('/api/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captchaToken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const signup = await request.post('/api/auth/signup', { data: { email, nickname, password: PASSWORD, captchaToken } });
  expect(signup.status()).toBe(201);
  return memberLogin(request, email);
}

async function memberLogin(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  return ((await login.json()) as { token: string }).token;
}

async function openWithToken(page: Page, token: string, path: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('token', value);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
  await page.goto(path);
}

test('sign up with the ALTCHA widget, verify from the mail, log in and change the nickname', async ({ page }) => {
  test.setTimeout(120_000);
  const id = tag();
  const email = `e2e-${id}@example.kr`;
  const nickname = `가입자${id}`;
  const dialogs = collectDialogs(page);

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: '회원가입' })).toBeVisible();
  await expect(page.getByRole('link', { name: '내용 보기' }).first()).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: '내용 보기' }).nth(1)).toHaveAttribute('href', '/privacy');
  await expect(page.getByRole('link', { name: '내용 보기' }).first()).toHaveAttribute('target', '_blank');

  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('닉네임').fill(nickname);
  const checklist = page.getByTestId('password-checklist');
  await page.getByLabel('비밀번호', { exact: true }).fill('abc');
  await expect(checklist.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false');
  await expect(checklist.locator('[data-rule="letter"]')).toHaveAttribute('data-met', 'true');
  await page.getByLabel('비밀번호', { exact: true }).fill(`E2E-${id}!1`);
  await expect(checklist.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'true');
  await expect(checklist.locator('[data-rule="notEmailLocal"]')).toHaveAttribute('data-met', 'false');
  await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  for (const rule of ['length', 'letter', 'digit', 'special', 'noWhitespace', 'notEmailLocal']) {
    await expect(checklist.locator(`[data-rule="${rule}"]`)).toHaveAttribute('data-met', 'true');
  }

  const submit = page.getByRole('button', { name: '가입하기' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('이용약관에 동의합니다 (필수)').check();
  await page.getByLabel('개인정보 수집 및 이용에 동의합니다 (필수)').check();
  await expect(submit).toBeDisabled();

  // The real proof of work: the widget fetches our challenge and solves it in a worker.
  await page.getByTestId('altcha-widget').getByText('저는 로봇이 아닙니다').click();
  await expect(submit).toBeEnabled({ timeout: 60_000 });
  await submit.click();
  await expect.poll(() => dialogs.at(-1)).toBe('회원가입이 완료되었습니다. 이메일로 보낸 인증 링크를 눌러 인증을 마쳐 주세요.');
  await expect(page.getByLabel('이메일')).toHaveValue('');
  await expect(page.getByLabel('닉네임')).toHaveValue('');
  await expect(submit).toBeDisabled();

  const mail = await smtp.waitForMail(email);
  expect(mail.text).toContain(nickname);
  const link = verificationLink(mail);
  expect(link.startsWith(`http://localhost:${port}/verify/`)).toBe(true);
  await page.goto(link);
  await expect(page.getByTestId('verify-page')).toContainText('이메일 인증이 완료되었습니다.');
  await expect(page.getByRole('link', { name: '로그인하러 가기' })).toHaveAttribute('href', '/login');
  await page.reload();
  await expect(page.getByTestId('verify-page')).toContainText('인증 실패: 이미 사용한 인증 링크입니다.');

  await page.goto('/login?next=/mypage');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByTestId('mypage-nickname')).toHaveText(nickname);
  await expect(page.getByTestId('verified-badge')).toHaveText('이메일 인증 완료');
  await expect(page.getByTestId('mypage')).toContainText(email);
  expect(await page.evaluate(() => [localStorage.getItem('role'), JSON.parse(localStorage.getItem('user') ?? '{}').nickname])).toEqual(['user', nickname]);

  const renamed = `새이름${id}`;
  await page.getByRole('button', { name: '닉네임 변경' }).click();
  await page.getByLabel('새 닉네임').fill(renamed);
  await page.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => dialogs.at(-1)).toBe('닉네임이 변경되었습니다.');
  await expect(page.getByTestId('mypage-nickname')).toHaveText(renamed);
  await expect(page.getByRole('button', { name: '사용자 메뉴' })).toContainText(renamed);
  await expect(page.getByTestId('mypage')).toContainText('이후에 다시 변경할 수 있습니다.');

  // A second change within 30 days is refused by the server, with the date it becomes possible.
  await page.getByRole('button', { name: '닉네임 변경' }).click();
  await page.getByLabel('새 닉네임').fill(`${renamed}2`);
  await page.getByRole('button', { name: '저장' }).click();
  await expect.poll(() => dialogs.at(-1)).toMatch(/^닉네임은 30일에 한 번만 변경할 수 있습니다\. \d{4}년 .* 이후에 다시 변경해 주세요\.$/);
});

test('login shows the server message under the form and returns to the next page', async ({ page, request }) => {
  const id = tag();
  const email = `e2e-login-${id}@example.kr`;
  await memberThroughApi(request, email, `로그인${id}`);

  await page.goto('/login?next=/terms');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill('Wrong!pass99');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('이메일 또는 비밀번호가 올바르지 않습니다.');
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('button', { name: '사용자 메뉴' })).toContainText(`로그인${id}`);
});

test('after many failed logins of the account, the form asks for the robot check instead of locking the member out', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = tag();
  const email = `e2e-step-${id}@example.kr`;
  await memberThroughApi(request, email, `확인${id}`);
  // Someone guessed this account's password ten times from elsewhere.
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  await client.query(
    "INSERT INTO login_throttles (scope, subject, failures, last_failure_at) VALUES ('account', $1, 10, now())", [email.toLowerCase()]);
  await client.end();

  await page.goto('/login');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(page.getByTestId('login-error')).toHaveText('로그인 실패가 많아 로봇 확인이 필요합니다. 로봇이 아님을 확인한 뒤 다시 로그인해 주세요.');
  const robotCheck = page.getByTestId('login-robot-check');
  const submit = page.getByRole('button', { name: '로그인', exact: true });
  await expect(submit).toBeDisabled();
  await robotCheck.getByText('저는 로봇이 아닙니다').click();
  await expect(submit).toBeEnabled({ timeout: 60_000 });
  await submit.click();
  await expect(page).toHaveURL(`http://localhost:${port}/`);
  await expect(page.getByRole('button', { name: '사용자 메뉴' })).toContainText(`확인${id}`);
});

test('my page without a token, or with a token the server refuses, goes to /login', async ({ page }) => {
  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/login\?next=%2Fmypage$|\/login\?next=\/mypage$/);
  await openWithToken(page, 'e30.eyJ1c2VySWQiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJlbWFpbCI6InhAeC5rciJ9.bad', '/mypage');
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
});

test('my page shows the unverified badge and the trade card, toggles dark mode, and deletes the account', async ({ page, request }) => {
  const id = tag();
  const email = `e2e-del-${id}@example.kr`;
  const token = await memberThroughApi(request, email, `탈퇴예정${id}`);
  const dialogs = collectDialogs(page);
  await openWithToken(page, token, '/mypage');

  await expect(page.getByTestId('verified-badge')).toHaveText('이메일 인증 필요');
  await expect(page.getByTestId('trade-credit-card')).toContainText('거래 신용');

  const darkMode = page.getByRole('switch', { name: '다크 모드' });
  await expect(darkMode).toBeChecked();
  await darkMode.uncheck();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  await darkMode.check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByRole('button', { name: '회원 탈퇴' }).click();
  await expect.poll(() => dialogs).toEqual([
    '정말 탈퇴하시겠습니까? 계정 정보가 삭제되며 되돌릴 수 없습니다.',
    '회원 탈퇴가 완료되었습니다. 그동안 이용해 주셔서 감사합니다.',
  ]);
  await expect(page).toHaveURL(`http://localhost:${port}/`);
  expect(await page.evaluate(() => ['token', 'userId', 'role', 'user'].map((key) => localStorage.getItem(key)))).toEqual([null, null, null, null]);
  await expect(page.getByRole('link', { name: '로그인' })).toBeVisible();
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(401);
});

test('"log out everywhere" on my page signs out the other browser and keeps this one; so does a password change', async ({ page, browser, request }) => {
  const id = tag();
  const email = `e2e-out-${id}@example.kr`;
  const token = await memberThroughApi(request, email, `로그아웃${id}`);
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await openWithToken(other, token, '/mypage');
  await expect(other.getByTestId('mypage')).toBeVisible();

  const dialogs = collectDialogs(page);
  await openWithToken(page, token, '/mypage');
  await page.getByRole('button', { name: '다른 기기에서 모두 로그아웃' }).click();
  await expect.poll(() => dialogs).toEqual(['이 기기를 뺀 다른 모든 브라우저와 기기에서 로그아웃할까요?', '다른 모든 기기에서 로그아웃되었습니다.']);

  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await page.reload();
  await expect(page.getByTestId('mypage')).toBeVisible();

  // The password change ends the sessions signed before it too, and this browser carries on.
  const signedInAgain = await memberLogin(request, email);
  await other.evaluate((value) => localStorage.setItem('token', value), signedInAgain);
  await other.goto('/mypage');
  await expect(other.getByTestId('mypage')).toBeVisible();
  await page.getByLabel('현재 비밀번호').fill(PASSWORD);
  await page.getByLabel('새 비밀번호').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect.poll(() => dialogs.at(-1)).toBe('비밀번호가 변경되었습니다. 다른 기기의 로그인은 모두 끝났습니다.');
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await page.reload();
  await expect(page.getByTestId('mypage')).toBeVisible();
  await laptop.close();
});

test('the admin users page lists recent players and looks up a clan; members read the admin-only message', async ({ page, request, browser }) => {
  test.setTimeout(60_000);
  // The e2e server lists this e-mail in ADMIN_EMAILS (and starts on a fresh database every run).
  const adminToken = await memberThroughApi(request, E2E_ADMIN_EMAIL, `총관리${tag()}`);
  await openWithToken(page, adminToken, '/admin/users');
  const recent = page.getByTestId('recent-players');
  await expect(recent.locator('tbody tr').first()).toBeVisible();
  expect(await recent.locator('tbody tr').count()).toBeGreaterThan(5);
  const clans = (await recent.locator('tbody tr td:nth-child(3)').allTextContents()).map((text) => text.trim());
  const clanSlug = clans.find((slug) => slug !== '무소속')!;

  await page.getByLabel('클랜 슬러그').fill(clanSlug);
  await page.getByRole('button', { name: '조회' }).click();
  const clanRows = page.getByTestId('clan-players').locator('tbody tr');
  await expect(clanRows.first()).toBeVisible();
  for (const cell of await clanRows.locator('td:nth-child(3)').allTextContents()) expect(cell.trim()).toBe(clanSlug);

  const memberToken = await memberThroughApi(request, `e2e-member-${tag()}@example.kr`, `일반회원${tag()}`);
  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await openWithToken(memberPage, memberToken, '/admin/users');
  await expect(memberPage.getByTestId('status-error').first()).toHaveText('관리자 전용 기능입니다.');
  await other.close();
});
