import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../stores/session';
import { clearBrowserMarks, readBrowserMarks } from './browser-marks';
import { marksKeys, mergeMarks } from './marks-api';

const asInput = ({ kind, target, league }: { kind: 'clan' | 'player'; target: string; league: string }) => ({ kind, target, league });

/**
 * At login (and whenever a member is signed in while this browser still holds a visitor's lists), adds the
 * browser's favourites and recently viewed to the account, then empties the browser's copy: the lists now live on
 * the account, and the next visitor of a shared computer does not see them. A failed merge keeps them for the
 * next try.
 */
export function useMergeMarksAtLogin(): void {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const local = readBrowserMarks();
    if (local.favourites.length === 0 && local.recent.length === 0) return;
    let cancelled = false;
    mergeMarks({ favourites: local.favourites.map(asInput), recent: local.recent.map(asInput) })
      .then((lists) => {
        clearBrowserMarks();
        if (!cancelled) queryClient.setQueryData(marksKeys.member(userId), lists);
      })
      .catch((error: unknown) => console.warn('favourites merge failed; kept in this browser', error));
    return () => {
      cancelled = true;
    };
  }, [userId, queryClient]);
}
