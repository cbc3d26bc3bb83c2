import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { AppConfig } from '../../config.js';
import {
  LoginBody, LoginResponse, MeResponse, MessageResponse, NicknameBody, NicknameResponse, PasswordBody, SignupBody,
  SessionRenewedResponse, SignupResponse, VerifyParams,
} from '../../contracts/auth.js';
import { ErrorResponse, errorResponses } from '../../contracts/common.js';
import type { Database } from '../../db/client.js';
import { serverMessages } from '../../lib/messages.js';
import captchaRoutes from '../captcha/routes.js';
import { createRobotCheck } from '../captcha/robot-check.js';
import { createMailer } from '../mail/mailer.js';
import type { AccountDeletionStep, AccountDeps } from './account-deps.js';
import { accountService } from './account-service.js';
import type { SessionUser } from '../../plugins/auth.js';
import { accountSettings } from './account-settings.js';
import { memberSelect, presentMe } from './presenters.js';

interface AccountsOptions {
  prisma: Database;
  config: AppConfig;
  /** Other features' part in deleting an account (see AccountDeps). */
  deletionSteps?: AccountDeletionStep[];
}

const failures = { ...errorResponses, 409: ErrorResponse, 503: ErrorResponse };

/** Accounts (docs/product/accounts.md): sign-up, login, e-mail verification, my page calls, and the robot check. */
const accountRoutes: FastifyPluginAsyncTypebox<AccountsOptions> = async (app, { prisma, config, deletionSteps }) => {
  const mailer = createMailer(config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const robotCheck = createRobotCheck(config.captcha);
  const deps: AccountDeps = {
    prisma,
    mailer,
    robotCheck,
    publicOrigin: config.publicOrigin,
    adminEmails: config.adminEmails,
    log: app.log,
    now: () => new Date(),
    deletionSteps,
  };
  const accounts = accountService(deps);
  const settings = accountSettings(deps);
  await app.register(captchaRoutes, { robotCheck, altchaHmacKey: config.captcha.altchaHmacKey });

  app.post(
    '/api/auth/signup',
    { schema: { tags: ['auth'], summary: 'Sign up (robot check, e-mail, password and nickname rules, verification mail)', body: SignupBody, response: { 201: SignupResponse, ...failures } } },
    async (request, reply) => {
      const result = await accounts.signup(request.body, request.ip);
      const message = result.mailSent ? serverMessages.signupDone : serverMessages.signupDoneMailFailed;
      return reply.status(201).send({ message, ...result });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags: ['auth'], summary: 'Log in; repeated failures are slowed, then locked (429)', body: LoginBody, response: { 200: LoginResponse, ...failures } } },
    async (request) => {
      const member = await accounts.login(request.body, request.ip);
      return { token: app.signSessionToken(member), message: serverMessages.loginDone, role: member.role, userId: member.id };
    },
  );

  app.get(
    '/api/auth/me',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'The signed-in member', response: { 200: MeResponse, ...failures } } },
    async (request) => {
      const member = await prisma.user.findUniqueOrThrow({ where: { id: request.member!.id }, select: memberSelect });
      return presentMe(member, deps.now());
    },
  );

  app.get(
    '/api/auth/verify/:token',
    { schema: { tags: ['auth'], summary: 'Verify an e-mail (link works once, for 24 hours)', params: VerifyParams, response: { 200: MessageResponse, ...failures } } },
    async (request) => ({ message: await accounts.verifyEmail(request.params.token) }),
  );

  app.post(
    '/api/auth/verify/resend',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'Send the verification mail again (once a minute)', response: { 200: MessageResponse, ...failures } } },
    async (request) => {
      await accounts.resendVerification(request.member!.id);
      return { message: serverMessages.verifyResent };
    },
  );

  app.put(
    '/api/auth/nickname',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'Change the nickname (once per 30 days)', body: NicknameBody, response: { 200: NicknameResponse, ...failures } } },
    async (request) => {
      const member = request.member!;
      const { nickname, nextAt } = await settings.changeNickname(member, request.body.newNickname);
      const token = app.signSessionToken({ ...member, nickname });
      return { message: serverMessages.nicknameChanged, nickname, token, nextNicknameChangeAt: nextAt.toISOString() };
    },
  );

  /**
   * This device's new token once the member's other sessions ended: their tokens are refused from now on.
   * The member's open sockets close once the answer is on its way, so this device has its new token when its own
   * socket reconnects (a socket closed first would reconnect with the old token and be refused).
   */
  const renewSession = (reply: FastifyReply, member: SessionUser, sessionVersion: number) => {
    reply.raw.once('finish', () => app.realtime.endSessions(member.id));
    return app.signSessionToken({ ...member, sessionVersion });
  };

  app.put(
    '/api/auth/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Change the password (current one required); every other session ends, this device gets a new token',
        body: PasswordBody,
        response: { 200: SessionRenewedResponse, ...failures },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      const sessionVersion = await settings.changePassword(member, request.body, request.ip);
      return { message: serverMessages.passwordChanged, token: renewSession(reply, member, sessionVersion) };
    },
  );

  app.post(
    '/api/auth/logout-everywhere',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Log out every other browser and device (their tokens are refused, their sockets close); this one gets a new token',
        response: { 200: SessionRenewedResponse, ...failures },
      },
    },
    async (request, reply) => {
      const member = request.member!;
      const sessionVersion = await settings.endOtherSessions(member);
      return { message: serverMessages.loggedOutEverywhere, token: renewSession(reply, member, sessionVersion) };
    },
  );

  app.delete(
    '/api/auth/delete',
    { preHandler: app.authenticate, schema: { tags: ['auth'], summary: 'Delete the account (anonymized; posts and deals keep a neutral name)', response: { 200: MessageResponse, ...failures } } },
    async (request) => {
      await settings.deleteAccount(request.member!);
      app.realtime.endSessions(request.member!.id);
      return { message: serverMessages.accountDeleted };
    },
  );
};

export default accountRoutes;
