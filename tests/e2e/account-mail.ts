/**
 * The loopback SMTP port the e2e server sends its mail to (tests/e2e/account.spec.ts listens there), derived from
 * the e2e port so runs on different ports never share it.
 */
export const e2eSmtpPort = (e2ePort: number) => e2ePort + 20_000;

/** Signing up with this e-mail makes an admin (ADMIN_EMAILS of the e2e server). */
export const E2E_ADMIN_EMAIL = 'e2e-admin@sal-league.test';
