import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { ReaderMarksResponse } from '@shared/contracts/favourites';
import { ApiError } from '../../api/client';
import { ko } from '../../i18n/ko';
import { useSessionStore } from '../../stores/session';
import { readBrowserMarks, subscribeBrowserMarks, writeBrowserMarks } from './browser-marks';
import { withMark, withoutMark } from './mark-lists';
import { deleteMark, fetchMarks, marksKeys, putMark } from './marks-api';
import { MARK_LIMITS, sameTarget, type MarkKind, type MarkList, type MarkSubject, type ReaderMark } from './mark-types';

const t = ko.reader.marks;

export interface ReaderMarks {
  favourites: readonly ReaderMark[];
  recent: readonly ReaderMark[];
  /** Where the lists live: the signed-in member's account, or this browser. */
  storage: 'account' | 'browser';
  /** Whether the lists are known yet (a member's come from the server). */
  ready: boolean;
  isFavourite(kind: MarkKind, target: string): boolean;
  /** Stars or unstars; resolves to the reason it could not (the list is full, the call failed), else null. */
  toggleFavourite(subject: MarkSubject): Promise<string | null>;
  remove(list: MarkList, kind: MarkKind, target: string): Promise<string | null>;
  recordView(subject: MarkSubject): Promise<void>;
}

const NO_MARKS: ReaderMarksResponse = { favourites: [], recent: [] };
const failureText = (error: unknown) => (error instanceof ApiError && error.message ? error.message : t.failed);

/**
 * The reader's favourites and recently viewed clans and players: on the account for a signed-in member (the
 * server's answer after every change), in this browser for a visitor. Pages star and record through it; home
 * shows and removes through it.
 */
export function useReaderMarks(): ReaderMarks {
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  const queryClient = useQueryClient();
  const browser = useSyncExternalStore(subscribeBrowserMarks, readBrowserMarks, readBrowserMarks);
  const account = useQuery({
    queryKey: marksKeys.member(userId ?? ''),
    queryFn: ({ signal }) => fetchMarks(signal),
    enabled: userId !== null,
    staleTime: 60_000,
  });
  const lists = userId === null ? browser : (account.data ?? NO_MARKS);

  /** Runs a member's change and keeps its answer (both lists as they now are). */
  const change = useCallback(async (call: () => Promise<ReaderMarksResponse>): Promise<string | null> => {
    try {
      queryClient.setQueryData(marksKeys.member(userId ?? ''), await call());
      return null;
    } catch (error) {
      return failureText(error);
    }
  }, [queryClient, userId]);

  const isFavourite = useCallback(
    (kind: MarkKind, target: string) => lists.favourites.some((mark) => sameTarget(mark, kind, target)),
    [lists.favourites],
  );

  const toggleFavourite = useCallback(async (subject: MarkSubject): Promise<string | null> => {
    const starred = isFavourite(subject.kind, subject.target);
    if (userId !== null) {
      return change(() => (starred
        ? deleteMark('favourites', subject.kind, subject.target)
        : putMark('favourites', subject.kind, subject.target, subject.league)));
    }
    const current = readBrowserMarks();
    const next = starred ? withoutMark(current, 'favourites', subject.kind, subject.target) : withMark(current, 'favourites', subject);
    if (!next) return t.full(MARK_LIMITS.favourites);
    writeBrowserMarks(next);
    return null;
  }, [isFavourite, userId, change]);

  const remove = useCallback(async (list: MarkList, kind: MarkKind, target: string): Promise<string | null> => {
    if (userId !== null) return change(() => deleteMark(list, kind, target));
    writeBrowserMarks(withoutMark(readBrowserMarks(), list, kind, target));
    return null;
  }, [userId, change]);

  const recordView = useCallback(async (subject: MarkSubject): Promise<void> => {
    if (userId !== null) {
      // A view not recorded (offline, a hiccup) is not worth telling the reader about.
      await change(() => putMark('recent', subject.kind, subject.target, subject.league));
      return;
    }
    const next = withMark(readBrowserMarks(), 'recent', subject);
    if (next) writeBrowserMarks(next);
  }, [userId, change]);

  return {
    favourites: lists.favourites,
    recent: lists.recent,
    storage: userId === null ? 'browser' : 'account',
    ready: userId === null || account.isSuccess,
    isFavourite,
    toggleFavourite,
    remove,
    recordView,
  };
}
