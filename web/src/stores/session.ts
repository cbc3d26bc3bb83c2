import { create } from 'zustand';
import { decodeToken, type TokenUser } from '../lib/jwt';

/** localStorage keys of the signed-in session (docs/product/shell.md#stored-keys). */
export const SESSION_KEYS = { token: 'token', userId: 'userId', role: 'role', user: 'user' } as const;

interface SessionState {
  token: string | null;
  user: TokenUser | null;
  /** Stores a token from login and the user it names; an undecodable token signs out. */
  signIn(token: string): void;
  signOut(): void;
}

function clearStorage(): void {
  for (const key of Object.values(SESSION_KEYS)) localStorage.removeItem(key);
}

function persist(token: string, user: TokenUser): void {
  localStorage.setItem(SESSION_KEYS.token, token);
  localStorage.setItem(SESSION_KEYS.userId, user.userId);
  localStorage.setItem(SESSION_KEYS.role, user.role);
  localStorage.setItem(
    SESSION_KEYS.user,
    JSON.stringify({ id: user.userId, userId: user.userId, nickname: user.nickname, email: user.email }),
  );
}

/** The stored token; none where storage cannot be read (blocked, or the shell rendered at build time). */
function storedToken(): string | null {
  try {
    return localStorage.getItem(SESSION_KEYS.token);
  } catch {
    return null;
  }
}

/** Reads the stored token; one that cannot be decoded, or has expired, is removed. */
function restore(): Pick<SessionState, 'token' | 'user'> {
  const token = storedToken();
  if (!token) return { token: null, user: null };
  const user = decodeToken(token);
  const expired = user?.exp !== undefined && user.exp * 1000 < Date.now();
  if (!user || expired) {
    clearStorage();
    return { token: null, user: null };
  }
  return { token, user };
}

export const useSessionStore = create<SessionState>((set) => ({
  ...restore(),
  signIn(token) {
    const user = decodeToken(token);
    if (!user) {
      clearStorage();
      set({ token: null, user: null });
      return;
    }
    persist(token, user);
    set({ token, user });
  },
  signOut() {
    clearStorage();
    set({ token: null, user: null });
  },
}));

export const selectIsAdmin = (state: SessionState) => state.user?.role === 'admin';
