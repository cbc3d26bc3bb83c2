import { createSigner } from 'fast-jwt';

export type UserRole = 'user' | 'admin';

/** The claims of a session token: the decoded token gives the web app userId, email, nickname and role. */
export interface SessionClaims {
  userId: string;
  email: string;
  nickname: string;
  role: UserRole;
  /** The member's session version when the token was signed; tokens of older versions are refused. */
  sv?: number;
}

/** The signed-in member of a request, read from the database (so a role change or deletion counts at once). */
export interface SessionUser {
  id: string;
  email: string;
  nickname: string;
  role: UserRole;
  /** Raised when all the member's other sessions end (password change, log out everywhere). */
  sessionVersion: number;
}

/** What a token is signed for: a member as read from the database (a version left out is the first, 0). */
export type TokenSubject = Omit<SessionUser, 'sessionVersion'> & { sessionVersion?: number };

/** Session tokens are HS256 only: the verifier pins the same algorithm. */
export const SESSION_TOKEN_ALGORITHM = 'HS256';

/**
 * The one signing code of session tokens: the auth plugin signs logins with it, and the test suites sign their
 * members' tokens with it (the e2e suites with the secret a server keeps in its data folder), so a test token is
 * exactly what a login would have given.
 */
export function sessionTokenSigner(secret: string, expiresIn: string): (user: TokenSubject) => string {
  const sign = createSigner({ key: secret, algorithm: SESSION_TOKEN_ALGORITHM, expiresIn });
  return (user) => {
    const claims: SessionClaims = { userId: user.id, email: user.email, nickname: user.nickname, role: user.role, sv: user.sessionVersion ?? 0 };
    return sign(claims);
  };
}
