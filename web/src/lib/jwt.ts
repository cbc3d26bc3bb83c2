/** The claims the server puts in its login token (docs/product/accounts.md#session-token). */
export interface TokenUser {
  userId: string;
  email: string;
  nickname: string;
  role: string;
  exp?: number;
}

/** Reads a JWT's payload without verifying it (the server verifies); undefined when it cannot be decoded. */
export function decodeToken(token: string): TokenUser | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenUser>;
    if (payload.userId === undefined || typeof payload.email !== 'string') return undefined;
    return {
      userId: String(payload.userId),
      email: payload.email,
      nickname: typeof payload.nickname === 'string' ? payload.nickname : '',
      role: typeof payload.role === 'string' ? payload.role : 'user',
      exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    };
  } catch {
    return undefined;
  }
}
