import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.js';
import { serverMessages } from '../lib/messages.js';

export type UserRole = 'user' | 'admin';

/** The claims of a session token (02-community.md §3: the decoded token gives userId, email, nickname, role). */
export interface SessionClaims {
  userId: string;
  email: string;
  nickname: string;
  role: UserRole;
}

/** The signed-in member of a request, read from the database (so a role change or deletion counts at once). */
export interface SessionUser {
  id: string;
  email: string;
  nickname: string;
  role: UserRole;
}

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
    /** preHandler: sets `request.member` when a valid token is sent; no token is fine; a bad token is a 401. */
    identify: PreHandler;
    /** preHandler: 401 without a valid token, 403 unless the member is an admin (checked against the database). */
    requireAdmin: PreHandler;
    /** Signs a session token for a member. */
    signSessionToken(user: SessionUser): string;
  }
  interface FastifyRequest {
    member: SessionUser | null;
  }
}

export interface AuthPluginOptions {
  prisma: Database;
  secret: string;
  expiresIn: string;
}

const ALGORITHM = 'HS256';

/** Bearer-token sessions: signing, verifying (algorithm pinned, expiry enforced) and role checks. */
export default fp(
  async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: ALGORITHM, expiresIn: options.expiresIn },
      verify: { algorithms: [ALGORITHM] },
    });
    app.decorateRequest('member', null);

    async function readMember(request: FastifyRequest): Promise<SessionUser> {
      let claims: SessionClaims;
      try {
        claims = await request.jwtVerify<SessionClaims>();
      } catch {
        throw new UnauthorizedError(serverMessages.sessionInvalid, 'invalid_token');
      }
      const user = await options.prisma.user.findUnique({
        where: { id: claims.userId },
        select: { id: true, email: true, nickname: true, role: true },
      });
      if (!user) throw new UnauthorizedError(serverMessages.sessionInvalid, 'invalid_token');
      return user;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw new UnauthorizedError(serverMessages.unauthorized);
      request.member = await readMember(request);
    });
    app.decorate('identify', async (request: FastifyRequest) => {
      if (request.headers.authorization) request.member = await readMember(request);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.headers.authorization) throw new UnauthorizedError(serverMessages.unauthorized);
      request.member = await readMember(request);
      if (request.member.role !== 'admin') throw new ForbiddenError(serverMessages.adminOnly, 'admin_only');
    });
    app.decorate('signSessionToken', (user: SessionUser) =>
      app.jwt.sign({ userId: user.id, email: user.email, nickname: user.nickname, role: user.role }),
    );
  },
  { name: 'auth' },
);
