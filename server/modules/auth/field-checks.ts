import { BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { failedPasswordRules, isValidEmail } from '@shared/rules/credentials.js';
import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH, nicknameProblem } from './nickname-rules.js';

/** The services' input checks, each throwing the 400 with the Korean message the form shows. */

export function requireValidEmail(email: string): void {
  if (!isValidEmail(email)) throw new BadRequestError(serverMessages.emailInvalid, 'email_invalid');
}

/**
 * The sign-up password rules (docs/product/accounts.md#password-rules); the body also names the broken rules for
 * clients that list them.
 */
export function requireValidPassword(password: string, email: string): void {
  const failed = failedPasswordRules(password, email);
  if (failed.length > 0) throw new BadRequestError(serverMessages.passwordRules, 'password_rules', { failedRules: failed });
}

export function requireValidNickname(nickname: string): void {
  switch (nicknameProblem(nickname)) {
    case null:
      return;
    case 'required':
      throw new BadRequestError(serverMessages.nicknameRequired, 'nickname_required');
    case 'length':
      throw new BadRequestError(serverMessages.nicknameLength(NICKNAME_MIN_LENGTH, NICKNAME_MAX_LENGTH), 'nickname_length');
    case 'characters':
      throw new BadRequestError(serverMessages.nicknameCharacters, 'nickname_characters');
    case 'forbidden':
      throw new BadRequestError(serverMessages.nicknameForbidden, 'nickname_forbidden');
  }
}

/** "N초" under a minute, else whole minutes rounded up. */
export function describeWait(seconds: number): string {
  return seconds < 60 ? serverMessages.waitSeconds(seconds) : serverMessages.waitMinutes(Math.ceil(seconds / 60));
}

/** A date as Korean readers expect it, in Korean time: "2026년 12월 22일 오후 1:05" (never ICU's "PM 1:05"). */
export { formatKoreanDateTime } from '../../lib/korean-time.js';
