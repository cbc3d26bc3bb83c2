import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server, type Namespace, type Socket } from 'socket.io';
import {
  TRADE_NAMESPACE, type RealtimeError, type TradeClientEvents, type TradeServerEvents,
} from '../contracts/realtime.js';
import { serverMessages } from '../lib/messages.js';
import type { SessionUser } from '../plugins/auth.js';
import { adapterConnections } from './adapter-connections.js';
import { socketEventBudget } from './event-budget.js';
import { localFirstAdapter } from './local-first-adapter.js';

/** Who may be in a deal's room: the same rule as the chat's REST calls (a party, not banned). */
export interface DealRoomPolicy {
  canJoinDeal(memberId: string, dealId: string): Promise<boolean>;
}

export interface RealtimeOptions {
  /** The database the processes share: their events reach each other through it. Omitted: this process only. */
  databaseUrl?: string;
  /** Origins (besides the page's own host) whose pages may open a socket, e.g. the public origin. */
  allowedOrigins: string[];
  policy: DealRoomPolicy;
}

interface SocketData {
  member: SessionUser;
  /** The token's expiry (seconds since the epoch). */
  expiresAt?: number;
}

type TradeNamespace = Namespace<TradeClientEvents, TradeServerEvents, Record<string, never>, SocketData>;
type TradeSocket = Socket<TradeClientEvents, TradeServerEvents, Record<string, never>, SocketData>;

type Broadcast = ReturnType<TradeNamespace['to']>;

/** Where the trade services' events go: a member's sockets, everyone in a deal's room, or the list watchers. */
export interface TradeRealtime {
  toUsers(userIds: string[]): Broadcast;
  toDeal(dealId: string): Broadcast;
  /** The rooms together: each socket in any of them hears the event once. */
  toRooms(rooms: string[]): Broadcast;
  /** Sockets of pages showing trade posts (`posts:watch`). */
  toPostWatchers(): Broadcast;
  /** Takes a member's sockets (on every process) out of deal rooms, when their access ends. */
  leaveDeal(userId: string, dealIds: string | string[]): void;
  /**
   * Ends a member's sockets on every process: the account is gone, or its other sessions ended. A reconnection
   * with an old token is refused; the device that ended the others reconnects with its new token.
   */
  endSessions(userId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: TradeRealtime;
  }
}

export const userRoom = (userId: string) => `user:${userId}`;
export const dealRoom = (dealId: string) => `deal:${dealId}`;
/** Sockets of pages that show trade posts: they hear public post changes (status, application count). */
export const POST_WATCHERS_ROOM = 'posts';

/** Below PostgreSQL's 8,000-byte NOTIFY limit (the adapter 0.5.0 fails at exactly 8,000): larger go by table. */
const NOTIFY_PAYLOAD_THRESHOLD = 7000;
const DEAL_ID_PATTERN = /^[\w-]{1,64}$/;

function refusal(error: string, message: string): Error & { data: RealtimeError } {
  return Object.assign(new Error(message), { data: { error, message } });
}

/**
 * Browsers send Origin on the handshake: only the site's own pages may connect (OWASP ASVS V4.4; the token is
 * in the handshake, not a cookie, so this is defence in depth). Non-browser clients send none.
 */
function originAllowed(request: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function handleConnection(socket: TradeSocket, policy: DealRoomPolicy, stillValid: () => Promise<boolean>): void {
  const { member } = socket.data;
  const budget = socketEventBudget();
  void socket.join(userRoom(member.id));
  // The member may have ended this session (or the account) between the handshake's check and the join, when no
  // room named the socket yet: check once more now that it is in them.
  void stillValid().then((valid) => valid || socket.disconnect(true));

  socket.on('deal:join', async (dealId, ack) => {
    const reply = typeof ack === 'function' ? ack : () => undefined;
    // Over budget: answered at once, before any query (the client keeps polling and asks again later).
    if (!budget['deal:join'].take()) {
      reply({ ok: false, error: 'rate_limited', message: serverMessages.tooManyRequests(budget['deal:join'].retryAfterSeconds()) });
      return;
    }
    if (typeof dealId !== 'string' || !DEAL_ID_PATTERN.test(dealId)) {
      reply({ ok: false, error: 'bad_request', message: serverMessages.validationFailed });
      return;
    }
    const allowed = await policy.canJoinDeal(member.id, dealId).catch(() => false);
    if (!allowed) {
      reply({ ok: false, error: 'forbidden', message: serverMessages.forbidden });
      return;
    }
    await socket.join(dealRoom(dealId));
    // Access may have ended between the check and the join (the chat closed, a restriction), and its leave may
    // have run before this join: check once more now that the socket is in the room.
    if (!(await policy.canJoinDeal(member.id, dealId).catch(() => false))) {
      await socket.leave(dealRoom(dealId));
      reply({ ok: false, error: 'forbidden', message: serverMessages.forbidden });
      return;
    }
    reply({ ok: true });
  });

  // Leaving is never limited: it only narrows what the socket hears.
  socket.on('deal:leave', (dealId) => {
    if (typeof dealId === 'string') void socket.leave(dealRoom(dealId));
  });

  // Over budget, typing notices are dropped: the other side's notice fades by itself.

  socket.on('chat:typing', (event) => {
    const dealId = event?.dealId;
    if (typeof dealId !== 'string' || !socket.rooms.has(dealRoom(dealId))) return;
    if (!budget['chat:typing'].take()) return;
    socket.to(dealRoom(dealId)).emit('chat:typing', { dealId, userId: member.id, typing: event.typing === true });
  });

  // Over budget, a watch is dropped (there is no answer to give): a page sends one, so only a flooding client loses.
  socket.on('posts:watch', () => budget['posts:watch'].take() && void socket.join(POST_WATCHERS_ROOM));
  socket.on('posts:unwatch', () => void socket.leave(POST_WATCHERS_ROOM));
}

/** Longest timer Node keeps (about 24.8 days); a later expiry is checked again at reconnection anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A socket outlives the check of its handshake: end it when its token expires, so an expired session hears no
 * more (the client reconnects and is refused with invalid_token).
 */
function endAtExpiry(socket: TradeSocket, expiresAt: number | undefined): void {
  if (!expiresAt) return;
  const timer = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, expiresAt * 1000 - Date.now())));
  socket.once('disconnect', () => clearTimeout(timer));
}

/**
 * The Socket.IO server on the app's own HTTP server: namespace /trade, session-token handshake, rooms user:<id>
 * and deal:<id>, and the PostgreSQL adapter so that several processes deliver each other's events.
 */
export default fp(
  async function realtimePlugin(app: FastifyInstance, options: RealtimeOptions) {
    const io = new Server<TradeClientEvents, TradeServerEvents, Record<string, never>, SocketData>(app.server, {
      path: '/socket.io',
      serveClient: false,
      allowRequest: (request, callback) => {
        const ok = originAllowed(request, options.allowedOrigins);
        callback(ok ? null : 'origin not allowed', ok);
      },
    });
    const connections = options.databaseUrl
      ? adapterConnections(options.databaseUrl, (error) => app.log.warn({ err: error }, 'realtime adapter connection error'))
      : undefined;
    if (connections) {
      io.adapter(localFirstAdapter(connections.pool, {
        payloadThreshold: NOTIFY_PAYLOAD_THRESHOLD,
        errorHandler: (error) => app.log.warn({ err: error }, 'realtime adapter error'),
      }));
    }
    const trade: TradeNamespace = io.of(TRADE_NAMESPACE);
    // Everything lives under /trade; the default namespace carries no events and takes no connections.
    io.of('/').use((_socket, next) => next(refusal('not_found', serverMessages.notFound)));

    trade.use((socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        next(refusal('unauthorized', serverMessages.unauthorized));
        return;
      }
      app.verifySessionToken(token).then(
        (member) => {
          socket.data.member = member;
          socket.data.expiresAt = app.jwt.decode<{ exp?: number }>(token)?.exp;
          next();
        },
        () => next(refusal('invalid_token', serverMessages.sessionInvalid)),
      );
    });
    trade.on('connection', (socket) => {
      endAtExpiry(socket, socket.data.expiresAt);
      const token = (socket.handshake.auth as { token: string }).token;
      const stillValid = () => app.verifySessionToken(token).then(() => true, () => false);
      handleConnection(socket, options.policy, stillValid);
    });

    app.decorate('realtime', {
      toUsers: (userIds: string[]) => trade.to(userIds.map(userRoom)),
      toDeal: (dealId: string) => trade.to(dealRoom(dealId)),
      toRooms: (rooms: string[]) => trade.to(rooms),
      toPostWatchers: () => trade.to(POST_WATCHERS_ROOM),
      leaveDeal: (userId: string, dealIds: string | string[]) =>
        trade.in(userRoom(userId)).socketsLeave([dealIds].flat().map(dealRoom)),
      endSessions: (userId: string) => trade.in(userRoom(userId)).disconnectSockets(true),
    } satisfies TradeRealtime);

    // Open sockets would keep the HTTP server from closing: end them before Fastify closes it.
    app.addHook('preClose', async () => {
      trade.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      // The adapter keeps its LISTEN connection until every namespace using it (also the default '/') closes.
      await io.of('/').adapter.close();
      await trade.adapter.close();
      await connections?.close();
    });
  },
  { name: 'realtime', dependencies: ['auth'] },
);
