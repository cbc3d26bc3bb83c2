import type { Transaction } from '../../db/client.js';
import type { LoginBody, SignupBody } from '../../contracts/auth.js';
import { AppError, BadRequestError, ConflictError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import type { SessionUser } from '../../plugins/auth.js';
import { isUniqueViolation, type AccountDeps } from './account-deps.js';
import { isListedAdmin } from './admin-role.js';
import { LOGIN_PASSWORD_MIN_LENGTH } from '@shared/rules/credentials.js';
import { describeWait, requireValidEmail, requireValidNickname, requireValidPassword } from './field-checks.js';
import {
  clearAccount, lockSubjects, recordFailure, robotCheckRequired, secondsBlocked, type ThrottleSubjects,
} from './login-throttle.js';
import { hashPassword, verifyDecoy, verifyPassword } from './password-hash.js';
import { sendVerificationMail } from './verification-mail.js';
import { issueVerificationToken, redeemVerificationToken, resendWaitSeconds } from './verification-tokens.js';

export interface SignupResult {
  userId: string;
  mailSent: boolean;
}

/** Which of the two unique values a new account collides with, for the 409's message. */
async function findTaken(deps: AccountDeps, email: string, nickname: string): Promise<ConflictError | undefined> {
  if (await deps.prisma.user.findUnique({ where: { email }, select: { id: true } })) {
    return new ConflictError(serverMessages.emailTaken, 'email_taken');
  }
  if (await deps.prisma.user.findUnique({ where: { nickname }, select: { id: true } })) {
    return new ConflictError(serverMessages.nicknameTaken, 'nickname_taken');
  }
  return undefined;
}

/** Sign-up, login and e-mail verification of members (docs/product/accounts.md). */
export function accountService(deps: AccountDeps) {
  /**
   * POST /api/auth/signup: checks the fields (e-mail, password and nickname rules), the consents and the robot check,
   * creates the member (admin when ADMIN_EMAILS lists the e-mail) and mails the verification link. The robot check is
   * spent in the same transaction as the insert, so a refused sign-up (e.g. a taken nickname racing in) can be retried
   * with it.
   */
  async function signup(body: SignupBody, ip: string): Promise<SignupResult> {
    const email = body.email.trim();
    const nickname = body.nickname.trim();
    requireValidEmail(email);
    requireValidPassword(body.password, email);
    requireValidNickname(nickname);
    if (body.agreeTerms === false || body.agreePrivacy === false) {
      throw new BadRequestError(serverMessages.consentRequired, 'consent_required');
    }
    if (!body.captchaToken) throw new BadRequestError(serverMessages.captchaRequired, 'captcha_required');
    // The robot check comes before the taken check, so nobody can ask which e-mails are registered without
    // solving it (login hides that too). Checking does not spend it; the insert's transaction does.
    const redeemRobotCheck = await deps.robotCheck.check(body.captchaToken, ip);
    const taken = await findTaken(deps, email, nickname);
    if (taken) throw taken;

    const passwordHash = await hashPassword(body.password);
    const now = deps.now();
    let created: { userId: string; token: string };
    try {
      created = await deps.prisma.$transaction(async (tx) => {
        await redeemRobotCheck(tx);
        const user = await tx.user.create({
          data: {
            email,
            nickname,
            passwordHash,
            role: isListedAdmin(email, deps.adminEmails) ? 'admin' : 'user',
            // Only a consent the client actually sent is recorded (a spec-shaped client sends none).
            termsAgreedAt: body.agreeTerms ? now : null,
            privacyAgreedAt: body.agreePrivacy ? now : null,
          },
          select: { id: true },
        });
        return { userId: user.id, token: await issueVerificationToken(tx, user.id, now) };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw (await findTaken(deps, email, nickname)) ?? new ConflictError(serverMessages.conflict);
      throw error;
    }
    const mailSent = await sendVerificationMail(deps, { email, nickname }, created.token);
    return { userId: created.userId, mailSent };
  }

  /**
   * POST /api/auth/login. An e-mail without an account costs the same hash time and counts against the same
   * throttle, so neither the answer nor its timing tells whether the account exists. An unverified e-mail may log in
   * (my page shows the verification badge and can resend the mail).
   */
  async function login(body: LoginBody, ip: string): Promise<SessionUser> {
    const email = body.email.trim();
    requireValidEmail(email);
    if (body.password.length < LOGIN_PASSWORD_MIN_LENGTH) {
      throw new BadRequestError(serverMessages.loginPasswordShort, 'password_too_short');
    }
    const subjects = { email: email.toLowerCase(), ip };
    try {
      return await guardedPasswordAttempt(deps, subjects, async (tx) => {
        const member = await tx.user.findFirst({
          where: { email, deletedAt: null },
          select: { id: true, email: true, nickname: true, role: true, sessionVersion: true, passwordHash: true },
        });
        const matches = member ? await verifyPassword(member.passwordHash, body.password) : await verifyDecoy(body.password);
        if (!member || !matches) return null;
        const role = isListedAdmin(member.email, deps.adminEmails) ? 'admin' : member.role;
        await tx.user.update({ where: { id: member.id }, data: { lastLoginAt: deps.now(), role } });
        return { id: member.id, email: member.email, nickname: member.nickname, role, sessionVersion: member.sessionVersion };
      }, { token: body.captchaToken });
    } catch (error) {
      if (error instanceof PasswordMismatch) {
        throw new AppError(401, 'login_failed', serverMessages.loginFailed, { captchaRequired: error.robotCheckNext });
      }
      throw error;
    }
  }

  /** GET /api/auth/verify/{token}: single use, expires after VERIFICATION_TTL_HOURS. */
  async function verifyEmail(token: string): Promise<string> {
    const outcome = await redeemVerificationToken(deps.prisma, token, deps.now());
    switch (outcome) {
      case 'verified':
        return serverMessages.verifyDone;
      case 'expired':
        throw new BadRequestError(serverMessages.verifyExpired, 'verification_expired');
      case 'used':
        throw new BadRequestError(serverMessages.verifyUsed, 'verification_used');
      case 'invalid':
        throw new BadRequestError(serverMessages.verifyInvalid, 'verification_invalid');
    }
  }

  /** POST /api/auth/verify/resend: a new link for a member who has not verified yet, at most once a minute. */
  async function resendVerification(userId: string): Promise<void> {
    const now = deps.now();
    // The member's row lock makes two resends at the same instant take turns, so the second sees the wait.
    const issued = await deps.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
      const member = await tx.user.findUniqueOrThrow({
        where: { id: userId },
        select: { email: true, nickname: true, emailVerifiedAt: true },
      });
      if (member.emailVerifiedAt) throw new ConflictError(serverMessages.verifyAlreadyDone, 'already_verified');
      const wait = await resendWaitSeconds(tx, userId, now);
      if (wait > 0) throw new TooManyRequestsError(serverMessages.verifyResendWait(wait), wait, 'verification_resend_wait');
      return { member, token: await issueVerificationToken(tx, userId, now) };
    });
    if (!(await sendVerificationMail(deps, issued.member, issued.token))) {
      throw new AppError(503, 'mail_failed', serverMessages.verifyMailFailed);
    }
  }

  return { signup, login, verifyEmail, resendVerification };
}

type GuardedOutcome<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'failed'; robotCheckNext: boolean }
  | { kind: 'blocked'; seconds: number }
  | { kind: 'robot_check' };

/**
 * Runs a password check under the failed-login throttle: attempts on one account or from one IP take turns, a
 * blocked one (this address on this account) is refused before any password is checked, and a failure is counted
 * in the same transaction. With `robotCheck` (logins), an attempt after many recent failures of the account or the
 * address needs a solved robot check, also checked before the password; a token sent is spent either way.
 */
export async function guardedPasswordAttempt<T>(
  deps: AccountDeps,
  subjects: ThrottleSubjects,
  attempt: (tx: Transaction) => Promise<T | null>,
  robotCheck?: { token?: string },
): Promise<T> {
  const now = deps.now();
  const redeem = robotCheck?.token ? await deps.robotCheck.check(robotCheck.token, subjects.ip) : undefined;
  const outcome = await deps.prisma.$transaction(
    async (tx): Promise<GuardedOutcome<T>> => {
      await lockSubjects(tx, subjects);
      const wait = await secondsBlocked(tx, subjects, now);
      if (wait > 0) return { kind: 'blocked', seconds: wait };
      if (robotCheck && !redeem && (await robotCheckRequired(tx, subjects, now))) return { kind: 'robot_check' };
      await redeem?.(tx);
      const value = await attempt(tx);
      if (value === null) {
        await recordFailure(tx, subjects, now);
        return { kind: 'failed', robotCheckNext: robotCheck !== undefined && (await robotCheckRequired(tx, subjects, now)) };
      }
      await clearAccount(tx, subjects.email);
      return { kind: 'ok', value };
    },
    // Attempts on one account queue behind each other; each holds the lock for one hash check (~30 ms).
    { maxWait: 10_000, timeout: 20_000 },
  );
  if (outcome.kind === 'blocked') {
    throw new TooManyRequestsError(serverMessages.loginLocked(describeWait(outcome.seconds)), outcome.seconds, 'login_locked');
  }
  if (outcome.kind === 'robot_check') {
    throw new BadRequestError(serverMessages.loginRobotCheck, 'captcha_required', { captchaRequired: true });
  }
  if (outcome.kind === 'failed') throw new PasswordMismatch(outcome.robotCheckNext);
  return outcome.value;
}

/** A wrong password under guardedPasswordAttempt; each caller turns it into its own answer. */
export class PasswordMismatch extends Error {
  override name = 'PasswordMismatch';
  /** True when the next attempt will need a robot check. */
  constructor(readonly robotCheckNext = false) {
    super('password mismatch');
  }
}



