import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { RobotCheck } from '../captcha/robot-check.js';
import type { Mailer } from '../mail/mailer.js';

/** What the account services need, wired once in routes.ts. */
export interface AccountDeps {
  prisma: Database;
  mailer: Mailer;
  robotCheck: RobotCheck;
  /** The site's address, for links in mails. */
  publicOrigin: string;
  adminEmails: readonly string[];
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Prisma's unique-constraint violation (two sign-ups or renames racing for the same value). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
