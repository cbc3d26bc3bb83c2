import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sessionTokenSigner } from '../../server/modules/auth/session-token.js';

/**
 * Members of the e2e tests, made in a server's own database and signed in with tokens signed by its secret (as
 * after a login), so tests that are not about the login form never go through it.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export interface Member {
  id: string;
  email: string;
  nickname: string;
  role: 'user' | 'admin';
  token: string;
}

/** The data folder of a server started with DATA_DIR=.data/<name>. */
export const dataDirOf = (name: string) => `${ROOT}.data/${name}/`;
/** The data folder of the shared e2e server (playwright.config.ts starts it). */
export const SHARED_DATA_DIR = dataDirOf(`e2e-${E2E_PORT}`);

/** The embedded PostgreSQL of a server: its port is in postmaster.pid (line 4), its password beside it. */
export function databaseUrl(dataDir = SHARED_DATA_DIR): string {
  const pid = readFileSync(`${dataDir}postgres/postmaster.pid`, 'utf8').split('\n');
  const password = readFileSync(`${dataDir}postgres-password`, 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]!.trim()}/sal`;
}

/** Signs session tokens as the server does (its own signing code), with the secret it keeps in its data folder. */
function tokenSigner(dataDir: string): (member: Omit<Member, 'token'>) => string {
  return sessionTokenSigner(readFileSync(`${dataDir}jwt-secret`, 'utf8').trim(), '1h');
}

/**
 * Creates members (nickname prefix each, made unique) directly in a server's database and signs their tokens.
 * Their e-mail is verified (trading needs it) unless `verified` is false.
 */
export async function createMembers(
  nicknames: readonly string[],
  options: { role?: 'user' | 'admin'; dataDir?: string; verified?: boolean } = {},
): Promise<Member[]> {
  const dataDir = options.dataDir ?? SHARED_DATA_DIR;
  const role = options.role ?? 'user';
  const signToken = tokenSigner(dataDir);
  const client = new pg.Client({ connectionString: databaseUrl(dataDir) });
  await client.connect();
  try {
    const members: Member[] = [];
    for (const prefix of nicknames) {
      const suffix = randomBytes(3).toString('hex');
      const email = `e2e-${suffix}@example.kr`;
      const nickname = `${prefix}${suffix}`;
      const { rows } = await client.query<{ id: string }>(
        'INSERT INTO users (email, nickname, password_hash, role, email_verified_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [email, nickname, 'e2e-not-a-real-hash', role, options.verified === false ? null : new Date()],
      );
      const member = { id: rows[0]!.id, email, nickname, role };
      members.push({ ...member, token: signToken(member) });
    }
    return members;
  } finally {
    await client.end();
  }
}

/** One member (or admin) of a server, as createMembers makes them. */
export async function createMember(dataDir: string, role: 'user' | 'admin', nickname: string): Promise<Member> {
  const [member] = await createMembers([nickname], { role, dataDir });
  return member!;
}
