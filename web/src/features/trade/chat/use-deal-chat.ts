import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useSessionStore } from '../../../stores/session';
import { tradeApi } from '../api/trade-api';
import { isTransientFailure } from '../live/catch-up';
import { useTradeLiveStore } from '../live/live-status';
import { addResync, joinDeal, leaveDeal, onTradeEvent, sendTyping } from '../live/trade-socket';
import { TRADE } from '../lib/trade-constants';
import { chatOutboxStore } from '../lib/trade-storage';
import { ChatSession } from './chat-session';
import { chatNeedsPoll } from './chat-state';

/** A typing notice is sent at most this often while the member keeps typing; silence this long ends it. */
const TYPING_RENEW_MS = 2000;
const TYPING_IDLE_MS = 3000;

/**
 * A deal's chat on the page. While the live push is connected: the deal's room (joined after each connect,
 * before the catch-up load), pushed messages, read receipts, typing and deal updates, and no polling. While it is
 * down, or while this open chat could not join its room or load: newer messages (after=<last id>) every 3 s
 * while the page is visible, each poll trying the room again. Always: a load on open and when the page becomes
 * visible again; sends that show at once and wait in an outbox while there is no connection, going out by
 * themselves (in order, each stored once) when it is back.
 */
export function useDealChat(postId: string, dealId: string) {
  const me = useSessionStore((state) => state.user?.userId);
  const session = useMemo(
    () => new ChatSession({
      load: (after, { markRead }) => tradeApi.messages(postId, dealId, { after, markRead }),
      send: async (text, clientId) => (await tradeApi.sendMessage(postId, dealId, { text, clientId })).message,
      markRead: (messageId) => tradeApi.markRead(postId, dealId, messageId),
      join: () => joinDeal(dealId),
      loadOlder: (before) => tradeApi.messages(postId, dealId, { before, markRead: false }),
    }, me, {
      isVisible: () => document.visibilityState === 'visible',
      isOnline: () => navigator.onLine,
      outbox: chatOutboxStore(me, dealId),
    }),
    [postId, dealId, me],
  );
  const state = useSyncExternalStore(session.subscribe, session.snapshot);
  const live = useTradeLiveStore((store) => store.connected);
  const polling = chatNeedsPoll(state, live);
  const pollMs = polling ? TRADE.chatPollMs : false;

  useEffect(() => () => session.dispose(), [session]);

  useEffect(() => {
    // Messages kept unsent from an earlier visit go as soon as the chat has loaded.
    void session.catchUp().then(() => session.flush());
    const handleOnline = () => void session.flush();
    window.addEventListener('online', handleOnline);
    const stops = [
      () => window.removeEventListener('online', handleOnline),
      // Rejects when the load failed for a reason that may pass, so the live status stays syncing (polling) and
      // this runs again; a final answer (403, 404) is shown by the page and counts as caught up. Back online, the
      // outbox goes out without anyone pressing anything.
      addResync(async () => {
        const caughtUp = await session.catchUp();
        void session.flush();
        if (!caughtUp && isTransientFailure(session.snapshot().error)) throw session.snapshot().error;
      }),
      onTradeEvent('chat:message', (event) => {
        if (event.dealId === dealId) session.receive(event.message);
      }),
      onTradeEvent('chat:read', (event) => {
        if (event.dealId === dealId && event.userId !== me) session.applyRead(event.seq);
      }),
      onTradeEvent('chat:typing', (event) => {
        if (event.dealId === dealId && event.userId !== me) session.applyTyping(event.typing);
      }),
      onTradeEvent('deal:updated', (event) => {
        if (event.dealId === dealId) session.applyDealUpdate(event);
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      leaveDeal(dealId);
    };
  }, [dealId, me, session]);

  useEffect(() => {
    // Back on screen: load what came meanwhile, then mark read what was loaded while the tab was hidden.
    const handleVisible = () => document.visibilityState === 'visible' && void session.resync().then(() => session.seen());
    document.addEventListener('visibilitychange', handleVisible);
    // A poll also asks for the room again while the chat is not in it (the push may be back, or the budget).
    const tick = () => void (session.snapshot().listening ? session.resync() : session.catchUp());
    const timer = pollMs ? window.setInterval(() => document.visibilityState === 'visible' && tick(), pollMs) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', handleVisible);
      window.clearInterval(timer);
    };
  }, [pollMs, session]);

  // Typing notices: renewed while typing, ended after a pause or a send.
  const typing = useRef({ lastSent: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });
  const stopTyping = useCallback(() => {
    clearTimeout(typing.current.idle);
    if (typing.current.lastSent) sendTyping(dealId, false);
    typing.current.lastSent = 0;
  }, [dealId]);
  const notifyTyping = useCallback(() => {
    const now = Date.now();
    if (now - typing.current.lastSent > TYPING_RENEW_MS) {
      sendTyping(dealId, true);
      typing.current.lastSent = now;
    }
    clearTimeout(typing.current.idle);
    typing.current.idle = setTimeout(stopTyping, TYPING_IDLE_MS);
  }, [dealId, stopTyping]);
  useEffect(() => stopTyping, [stopTyping]);

  const send = useCallback((text: string) => {
    stopTyping();
    return session.send(text);
  }, [session, stopTyping]);
  const retry = useCallback((clientId: string) => session.retry(clientId), [session]);
  const resync = useCallback(() => session.resync(), [session]);
  const loadOlder = useCallback(() => session.loadOlder(), [session]);

  return { ...state, polling, send, retry, resync, loadOlder, notifyTyping };
}
