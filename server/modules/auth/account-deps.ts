import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.js';
import type { Prisma } from '../../db/generated/client.js';
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
  /**
   * Other features' part in deleting an account (the trade module ends the member's open deals), run inside the
   * deletion's transaction; each returns what to do once it has committed (announcements).
   */
  deletionSteps?: AccountDeletionStep[];
}

export type AccountDeletionStep = (tx: Transaction, memberId: string) => Promise<() => Promise<void>>;

/** Prisma's unique-constraint violation (two sign-ups or renames racing for the same value). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
