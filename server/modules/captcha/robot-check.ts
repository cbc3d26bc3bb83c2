import type { Transaction } from '../../db/client.js';
import type { AppConfig } from '../../config.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { checkAltchaPayload } from './altcha.js';
import { verifyTurnstileToken } from './turnstile.js';

/** Spends a checked robot-check token inside a transaction (a no-op where the provider enforces single use). */
export type Redeem = (tx: Transaction) => Promise<void>;

export interface RobotCheck {
  readonly provider: 'altcha' | 'turnstile';
  /** Turnstile's public site key, for the web widget. */
  readonly siteKey?: string;
  /**
   * Proves that `token` is a solved robot check (400, or 503 when Turnstile is unreachable) and returns how to
   * spend it: inside the sign-up transaction, so a rolled-back sign-up leaves it usable and a committed one
   * makes it worthless.
   */
  check(token: string, ip: string): Promise<Redeem>;
}

/**
 * Records an ALTCHA challenge as used. A second use finds the row; two uses at the same instant meet on the
 * primary key, where the later one waits for the first and then sees it.
 */
async function redeemChallenge(tx: Transaction, challengeId: string, expiresAt: Date): Promise<boolean> {
  await tx.captchaRedemption.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  const inserted = await tx.$executeRaw`
    INSERT INTO captcha_redemptions (challenge_id, expires_at) VALUES (${challengeId}, ${expiresAt})
    ON CONFLICT (challenge_id) DO NOTHING`;
  return inserted === 1;
}

function altchaCheck(hmacKey: string): RobotCheck {
  return {
    provider: 'altcha',
    async check(token) {
      if (!token) throw new BadRequestError(serverMessages.captchaRequired, 'captcha_required');
      const result = await checkAltchaPayload(token, hmacKey);
      if (!result.ok) {
        const expired = result.reason === 'expired';
        throw new BadRequestError(expired ? serverMessages.captchaExpired : serverMessages.captchaFailed, expired ? 'captcha_expired' : 'captcha_failed');
      }
      return async (tx) => {
        if (!(await redeemChallenge(tx, result.challengeId, result.expiresAt))) {
          throw new BadRequestError(serverMessages.captchaUsed, 'captcha_used');
        }
      };
    },
  };
}

function turnstileCheck(keys: { siteKey: string; secretKey: string }, verifyUrl?: string): RobotCheck {
  return {
    provider: 'turnstile',
    siteKey: keys.siteKey,
    async check(token, ip) {
      if (!token) throw new BadRequestError(serverMessages.captchaRequired, 'captcha_required');
      const passed = await verifyTurnstileToken({ secretKey: keys.secretKey, token, ip, verifyUrl }).catch(() => {
        throw new AppError(503, 'captcha_unavailable', serverMessages.captchaUnavailable);
      });
      if (!passed) throw new BadRequestError(serverMessages.captchaFailed, 'captcha_failed');
      // Cloudflare accepts a token once; nothing to record here.
      return async () => undefined;
    },
  };
}

/** Turnstile when both of its keys are configured, else the self-hosted ALTCHA proof-of-work. */
export function createRobotCheck(config: AppConfig['captcha'], options: { turnstileVerifyUrl?: string } = {}): RobotCheck {
  return config.turnstile ? turnstileCheck(config.turnstile, options.turnstileVerifyUrl) : altchaCheck(config.altchaHmacKey);
}
