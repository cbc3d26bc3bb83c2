import type { Database } from '../../db/client.js';

/** Whether ADMIN_EMAILS lists `email` (the list is lower-cased by config). */
export function isListedAdmin(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(email.trim().toLowerCase());
}

export type GrantOutcome = 'granted' | 'already_admin' | 'not_found';

/** Gives an existing, not deleted member the admin role (`npm run admin:grant -- <email>`). */
export async function grantAdmin(prisma: Database, email: string): Promise<GrantOutcome> {
  const member = await prisma.user.findFirst({ where: { email: email.trim(), deletedAt: null }, select: { id: true, role: true } });
  if (!member) return 'not_found';
  if (member.role === 'admin') return 'already_admin';
  await prisma.user.update({ where: { id: member.id }, data: { role: 'admin' } });
  return 'granted';
}
