import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AltchaChallengeResponse, CaptchaConfigResponse } from '../../contracts/auth.js';
import { errorResponses } from '../../contracts/common.js';
import { NotFoundError } from '../../lib/errors.js';
import { serverMessages } from '../../lib/messages.js';
import { createAltchaChallenge } from './altcha.js';
import type { RobotCheck } from './robot-check.js';

export const CHALLENGE_PATH = '/api/captcha/challenge';

interface CaptchaRoutesOptions {
  robotCheck: RobotCheck;
  altchaHmacKey: string;
}

/** GET /api/captcha/config (which widget to show) and GET /api/captcha/challenge (a fresh ALTCHA challenge). */
const captchaRoutes: FastifyPluginAsyncTypebox<CaptchaRoutesOptions> = async (app, { robotCheck, altchaHmacKey }) => {
  const config =
    robotCheck.provider === 'altcha'
      ? { provider: 'altcha' as const, challengeUrl: CHALLENGE_PATH }
      : { provider: 'turnstile' as const, siteKey: robotCheck.siteKey };

  app.get(
    '/api/captcha/config',
    { schema: { tags: ['auth'], summary: 'The robot check the sign-up form shows', response: { 200: CaptchaConfigResponse } } },
    async () => config,
  );

  app.get(
    CHALLENGE_PATH,
    {
      schema: {
        tags: ['auth'],
        summary: 'A new signed ALTCHA proof-of-work challenge (valid 10 minutes, usable once)',
        response: { 200: AltchaChallengeResponse, 404: errorResponses[404] },
      },
    },
    async (_request, reply) => {
      if (robotCheck.provider !== 'altcha') throw new NotFoundError(serverMessages.apiNotFound);
      reply.header('cache-control', 'no-store');
      return createAltchaChallenge(altchaHmacKey);
    },
  );
};

export default captchaRoutes;
