import { serverMessages } from '../../lib/messages.js';
import type { AccountDeps } from './account-deps.js';
import { VERIFICATION_TTL_HOURS } from './verification-tokens.js';

/**
 * Mails the verification link. Without SMTP the mail goes to the local outbox and the link is also logged, so
 * whoever runs `npm start` alone can open it. Resolves false when the mail could not be handed over.
 */
export async function sendVerificationMail(
  deps: Pick<AccountDeps, 'mailer' | 'publicOrigin' | 'log'>,
  to: { email: string; nickname: string },
  token: string,
): Promise<boolean> {
  const link = `${deps.publicOrigin}/verify/${token}`;
  try {
    await deps.mailer.send({
      to: to.email,
      subject: serverMessages.verifyMailSubject,
      text: serverMessages.verifyMailBody(to.nickname, link, VERIFICATION_TTL_HOURS),
    });
  } catch (error) {
    deps.log.error({ err: error }, 'verification mail could not be sent');
    return false;
  }
  if (deps.mailer.delivery === 'outbox') deps.log.info({ link, to: to.email }, 'e-mail verification link (local outbox)');
  return true;
}
