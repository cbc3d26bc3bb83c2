// E-mail and password rules (docs/product/accounts.md#e-mail-rule, docs/product/accounts.md#password-rules), shared by
// the server and the sign-up form's live checklist. No imports on purpose: the web bundles this file as it is.

/**
 * Login and sign-up e-mail: something@something.something, no spaces (the spec's "simple pattern";
 * docs/product/accounts.md#e-mail-rule).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
/**
 * Login accepts any stored password but refuses what cannot be one ("login minimum 8":
 * docs/product/accounts.md#password-rules).
 */
export const LOGIN_PASSWORD_MIN_LENGTH = 8;
/** The e-mail's local part is only checked from this length: a one- or two-letter name is in half of all words. */
export const EMAIL_LOCAL_MIN_CHECKED = 3;

export type PasswordRule = 'length' | 'letter' | 'digit' | 'special' | 'noWhitespace' | 'notEmailLocal';

/** The rules in the order the checklist shows them. */
export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'letter', 'digit', 'special', 'noWhitespace', 'notEmailLocal'];

/** Whether `email` is a usable address (trimmed by the caller). */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The part before the @, lower-cased ('' when there is none). */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at).toLowerCase() : '';
}

/** Each sign-up password rule and whether `password` meets it, for the checklist and the server alike. */
export function checkPassword(password: string, email: string): Record<PasswordRule, boolean> {
  const local = emailLocalPart(email.trim());
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    letter: /[A-Za-z]/.test(password),
    digit: /[0-9]/.test(password),
    // ASCII punctuation and symbols: !"#$%&'()*+,-./:;<=>?@[\]^_`{|}~
    special: /[!-/:-@[-`{-~]/.test(password),
    noWhitespace: !/\s/.test(password),
    notEmailLocal: local.length < EMAIL_LOCAL_MIN_CHECKED || !password.toLowerCase().includes(local),
  };
}

/** The rules `password` breaks, in checklist order (empty when it is acceptable). */
export function failedPasswordRules(password: string, email: string): PasswordRule[] {
  const result = checkPassword(password, email);
  return PASSWORD_RULES.filter((rule) => !result[rule]);
}
