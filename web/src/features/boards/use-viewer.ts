import { useSessionStore } from '../../stores/session';

/** The signed-in member as the board pages show controls for; the server decides what is allowed. */
export interface Viewer {
  memberId: string | null;
  nickname: string;
  isAdmin: boolean;
}

export function useViewer(): Viewer {
  const user = useSessionStore((state) => state.user);
  return { memberId: user?.userId ?? null, nickname: user?.nickname ?? '', isAdmin: user?.role === 'admin' };
}

/**
 * Edit and delete controls appear for an admin or the post's author (docs/product/boards.md#who-may-edit-or-delete).
 */
export function isAuthorOrAdmin(viewer: Viewer, author: string | null): boolean {
  return viewer.isAdmin || (author !== null && author === viewer.memberId);
}
