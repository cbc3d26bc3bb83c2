import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionStore } from '../../../stores/session';
import { tradeKeys } from '../api/trade-keys';
import { isTransientFailure } from './catch-up';
import { resetCounts } from './counts-order';
import { addResync, holdTradeSocket, onTradeEvent } from './trade-socket';

/**
 * The tab's live push: holds the one socket while a member is signed in, and turns pushed events into fresh
 * views. Lists, post pages, applicant lists and the inbox refetch by REST when an event says they changed (no
 * timer runs while the socket is live); every (re)connect refetches whatever trade view is open.
 */
export function useTradeLive(): void {
  const token = useSessionStore((state) => state.token);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) resetCounts();
    return holdTradeSocket(token);
  }, [token]);

  useEffect(() => {
    const refetch = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
    const stops = [
      onTradeEvent('deal:applicant', (event) => {
        refetch(tradeKeys.deals(event.postId));
        refetch(tradeKeys.post(event.postId));
      }),
      onTradeEvent('deal:updated', (event) => {
        refetch(tradeKeys.post(event.postId));
        refetch(tradeKeys.deals(event.postId));
        refetch(tradeKeys.inbox());
      }),
      onTradeEvent('post:changed', (event) => {
        refetch(tradeKeys.postLists);
        refetch(tradeKeys.post(event.postId));
      }),
      onTradeEvent('chats:unread', () => {
        refetch(tradeKeys.inbox());
        refetch(tradeKeys.allDeals);
      }),
      addResync(async () => {
        await queryClient.invalidateQueries({ queryKey: tradeKeys.all });
        // A trade view whose refetch failed for a reason that may pass is not caught up: the live status waits
        // and this runs again. A final answer (a deleted post's 404) is what the view shows.
        const failed = queryClient.getQueryCache().findAll({ queryKey: tradeKeys.all, type: 'active' })
          .find((query) => query.state.status === 'error' && isTransientFailure(query.state.error));
        if (failed) throw failed.state.error;
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
