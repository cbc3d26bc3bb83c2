import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { alertsSummary } from '../modules/trade/alerts-service.js';
import { unreadByDeal } from '../modules/trade/chat-service.js';
import { memberDealIds } from '../modules/trade/deal-queries.js';
import type { TradeEvents } from '../modules/trade/trade-events.js';
import { dealRoom, userRoom } from './socket-server.js';

/**
 * The live push of the trade module's events over Socket.IO (namespace /trade). The services call these after
 * their transactions commit; each becomes one event to exactly the sockets that may hear it: a deal's room
 * (its parties while the chat is open), the parties' own rooms, or the trade-list watchers for public facts.
 * Counts (alerts summary, unread) are read from the database here, per member and in order (see `refresh`).
 */
export function tradePush(app: FastifyInstance, prisma: Database): TradeEvents {
  const { realtime, log } = app;
  const running = new Map<string, Promise<void>>();
  const waiting = new Set<string>();

  /**
   * Reads the database and pushes (a member's counts, their rooms) after the previous task of the same key has
   * finished, so this process never sends an older count last. A task already waiting covers a new request:
   * it has not read yet.
   */
  function refresh(key: string, task: () => Promise<void>): void {
    if (waiting.has(key)) return;
    waiting.add(key);
    const run = (running.get(key) ?? Promise.resolve())
      .then(() => {
        waiting.delete(key);
        return task();
      })
      .catch((error: unknown) => log.warn({ err: error, key }, 'live push of trade state failed'));
    running.set(key, run);
    void run.finally(() => {
      if (running.get(key) === run) running.delete(key);
    });
  }

  // Pushes still reading the database finish before the app (and then the database) closes.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running.values()]);
  });

  return {
    chatMessage({ dealId, postId, message }) {
      realtime.toDeal(dealId).emit('chat:message', { dealId, postId, message });
    },

    dealUpdated({ buyerId, sellerId, ...event }) {
      const { dealId, closed } = event;
      // The parties' own rooms too: their post pages and applicant lists show the deal outside its chat.
      realtime.toRooms([userRoom(buyerId), userRoom(sellerId), dealRoom(dealId)]).emit('deal:updated', event);
      // The closing event was the room's last: the conversation is over, so both parties leave it.
      if (closed) {
        realtime.leaveDeal(buyerId, dealId);
        realtime.leaveDeal(sellerId, dealId);
      }
    },

    dealApplicant({ sellerId, postId, dealId, buyerNick, price, deal }) {
      realtime.toUsers([sellerId]).emit('deal:applicant', { postId, dealId, buyerNick, price, deal });
    },

    alertsSummaryChanged(userIds) {
      for (const userId of new Set(userIds)) {
        refresh(`alerts:${userId}`, async () => {
          realtime.toUsers([userId]).emit('alerts:summary', await alertsSummary(prisma, userId));
        });
      }
    },

    unreadChanged(userIds) {
      for (const userId of new Set(userIds)) {
        refresh(`unread:${userId}`, async () => {
          realtime.toUsers([userId]).emit('chats:unread', await unreadByDeal(prisma, userId));
        });
      }
    },

    chatRead({ dealId, userId, messageId, seq }) {
      realtime.toDeal(dealId).emit('chat:read', { dealId, userId, messageId, seq });
    },

    postChanged(event) {
      realtime.toPostWatchers().emit('post:changed', event);
    },

    standingChanged(userId, standing) {
      realtime.toUsers([userId]).emit('trade:standing', standing);
    },

    memberRestricted(userId) {
      refresh(`restricted:${userId}`, async () => {
        const dealIds = await memberDealIds(prisma, userId);
        if (dealIds.length > 0) realtime.leaveDeal(userId, dealIds);
      });
    },
  };
}
