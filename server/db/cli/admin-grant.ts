import { ConfigError } from '../../config.js';
import { grantAdmin } from '../../modules/auth/admin-role.js';
import { runDatabaseCommand } from './run-cli.js';

// `npm run admin:grant -- <email>`: gives an existing member the admin role (ADMIN_EMAILS does the same at login).
const email = process.argv[2]?.trim();

await runDatabaseCommand(async (database) => {
  if (!email || email.startsWith('-')) throw new ConfigError('Usage: npm run admin:grant -- <email>');
  const outcome = await grantAdmin(database.prisma, email);
  if (outcome === 'not_found') throw new ConfigError(`No member with the e-mail ${email}: sign up first, then grant.`);
  console.log(outcome === 'granted' ? `${email} is now an admin.` : `${email} was already an admin.`);
});
