import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import { serverMessages } from '../lib/messages.js';
import {
  SESSION_TOKEN_ALGORITHM, sessionTokenSigner, type SessionClaims, type SessionUser, type TokenSubject,
} from '../modules/auth/session-token.js';

export type { SessionClaims, SessionUser, TokenSubject, UserRole } from '../modules/auth/session-token.js';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token of an existing member is sent; sets `request.member`. */
    authenticate: PreHandler;
    /**
     * preHandler: 401 unless a valid token is sent; sets `request.sessionClaims`, and the route's own statement reads
     * the member (`currentSession`), saving the round trip `authenticate` makes. For a route that reads its
     * member in one statement anyway, where the latency is the product (a chat message).
     */
    authenticateToken: PreHandler;
    /** preHandler: sets `request.member` when a valid token is sent; no token is fine; a bad token is a 401. */
    identify: PreHandler;
    /** preHandler: 401 without a valid token, 403 unless the member is an admin (checked against the database). */
    requireAdmin: PreHandler;
    /** Signs a session token for a member, valid until it expires or the member's session version is raised. */
    signSessionToken(user: TokenSubject): string;
    /** The member of a session token (the Socket.IO handshake); rejects like `authenticate` does. */
    verifySessionToken(token: string): Promise<SessionUser>;
  }
  interface FastifyRequest {
    member: SessionUser | null;
    /** The verified token of an `authenticateToken` route, whose member the route checks itself. */
    sessionClaims?: VerifiedClaims;
  }
}

export interface AuthPluginOptions {
  prisma: Database;
  secret: string;
  expiresIn: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A token that verified: its member's id is a UUID, its session version the one it was signed at (0 when left out). */
export interface VerifiedClaims extends SessionClaims {
  sv: number;
}

async function verifiedClaims(verify: () => Promise<SessionClaims>): Promise<VerifiedClaims> {
  let claims: SessionClaims;
  try {
    claims = await verify();
  } catch {
    throw new UnauthorizedError(serverMessages.sessionInvalid, 'invalid_token');
  }
  if (typeof claims.userId !== 'string' || !UUID_PATTERN.test(claims.userId)) {
    throw new UnauthorizedError(serverMessages.sessionInvalid, 'invalid_token');
  }
  return { ...claims, sv: claims.sv ?? 0 };
}

/**
 * The member a verified token names, as the database has it now (undefined: no such member, or deleted), when the
 * token's session still holds; a 401 when not. The one rule of `authenticate` and of a route's statement that reads
 * the member itself (`authenticateToken`).
 */
export function currentSession<Member extends { sessionVersion: number }>(claims: VerifiedClaims, member: Member | undefined): Member {
  // A deleted member's row stays (anonymized) for their posts and deals; its sessions end with the deletion.
  if (!member) throw new UnauthorizedError(serverMessages.sessionInvalid, 'invalid_token');
  // A token signed before the member ended their other sessions (or changed the password) is over.
  if (claims.sv !== member.sessionVersion) throw new UnauthorizedError(serverMessages.sessionEnded, 'invalid_token');
  return member;
}

/** Bearer-token sessions: signing, verifying (algorithm pinned, expiry enforced) and role checks. */
export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: SESSION_TOKEN_ALGORITHM, expiresIn: options.expiresIn },
      verify: { algorithms: [SESSION_TOKEN_ALGORITHM] },
    });
    app.decorateRequest('member', null);

    /** The member a token names, if the token verifies and the member still exists. */
    async function memberOf(verify: () => Promise<SessionClaims>): Promise<SessionUser> {
      const claims = await verifiedClaims(verify);
      // Raw SQL: every signed-in request runs this, and a raw query costs the server less CPU than the query
      // builder's (docs/performance.md "Chat: one statement a message").
      const [user] = await options.prisma.$queryRaw<SessionUser[]>`
        SELECT id, email::text AS email, nickname::text AS nickname, role::text AS role, session_version AS "sessionVersion"
        FROM users WHERE id = ${claims.userId}::uuid AND deleted_at IS NULL`;
      return currentSession(claims, user);
    }
    const readMember = (request: FastifyRequest) => memberOf(() => request.jwtVerify<SessionClaims>());
    app.decorate('verifySessionToken', (token: string) => memberOf(async () => app.jwt.verify<SessionClaims>(token)));

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw new UnauthorizedError(serverMessages.unauthorized);
      request.member = await readMember(request);
    });
    app.decorate('authenticateToken', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw new UnauthorizedError(serverMessages.unauthorized);
      request.sessionClaims = await verifiedClaims(() => request.jwtVerify<SessionClaims>());
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      if (request.headers.authorization) request.member = await readMember(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw new UnauthorizedError(serverMessages.unauthorized);
      request.member = await readMember(request);
      if (request.member.role !== 'admin') throw new ForbiddenError(serverMessages.adminOnly, 'admin_only');
    });
    app.decorate('signSessionToken', sessionTokenSigner(options.secret, options.expiresIn));
  },
  { name: 'auth' },
);
