import type { Socket } from 'socket.io-client';
import type { JoinDealResult, TradeClientEvents, TradeServerEvents } from '@shared/contracts/realtime';
import { catchUpAll, type ResyncTask } from './catch-up.js';
import { useTradeLiveStore, type LiveStatus } from './live-status.js';

type TradeSocket = Socket<TradeServerEvents, TradeClientEvents>;
export type TradeEventName = keyof TradeServerEvents;
export type TradeEventPayload<E extends TradeEventName> = Parameters<TradeServerEvents[E]>[0];
type AnyHandler = (payload: unknown) => void;

/** The server's namespace (server/contracts/realtime.ts TRADE_NAMESPACE; the web imports types only). */
const NAMESPACE = '/trade';

const handlers = new Map<TradeEventName, Set<AnyHandler>>();
const resyncTasks = new Set<ResyncTask>();
let socket: TradeSocket | null = null;
let socketToken: string | null = null;
/** Counts opens and closes, so a socket library that arrives after its open was undone opens nothing. */
let openRound = 0;
let socketLibrary: Promise<typeof import('socket.io-client')> | null = null;
let holders = 0;
let postWatchers = 0;
/** Events heard while a (re)connect's resync runs: applied after it, on top of the fresh REST state. */
let held: { event: TradeEventName; payload: unknown }[] | null = null;
let syncRound = 0;

const setStatus = (status: LiveStatus) => useTradeLiveStore.getState().setStatus(status);

function dispatch(event: TradeEventName, payload: unknown): void {
  for (const handler of handlers.get(event) ?? []) handler(payload);
}

/** Applies the events held during a catch-up, and lets later ones through as they come. */
function releaseHeld(): void {
  const waiting = held ?? [];
  held = null;
  for (const item of waiting) dispatch(item.event, item.payload);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * After every (re)connect: catch up by REST (every open view registers its resync: chat `after=`, alert summary,
 * unread counts, lists), then apply what was pushed meanwhile, then go live (the pages stop polling). Until
 * then the pages keep polling and pushed events wait. A view that could not catch up keeps the status at
 * `syncing` (so every view keeps polling) and is retried with backoff; pushes are applied meanwhile (messages
 * carry ids, counts carry `asOf`), and the status goes live only once every view has caught up.
 */
async function handleConnect(current: TradeSocket): Promise<void> {
  const round = ++syncRound;
  held = [];
  setStatus('syncing');
  if (postWatchers > 0) current.emit('posts:watch');
  const stillCurrent = () => round === syncRound && socket === current && current.connected;
  const caughtUp = await catchUpAll({ tasks: () => resyncTasks, stillCurrent, sleep, onRetrying: releaseHeld });
  if (!caughtUp || !stillCurrent()) return;
  releaseHeld();
  setStatus('live');
}

/**
 * Opens the tab's socket for `token`. Socket.IO's client is fetched only now: most readers never sign in, and
 * their pages need not download and run it before the first paint.
 */
function open(token: string): void {
  socketToken = token;
  const round = ++openRound;
  setStatus('connecting');
  socketLibrary ??= import('socket.io-client');
  socketLibrary.then(
    ({ io }) => {
      if (round === openRound) connect(io, token);
    },
    () => {
      // The library could not load (offline, a new deploy): the pages keep polling; the next holder tries again.
      socketLibrary = null;
      if (round !== openRound) return;
      socketToken = null;
      setStatus('down');
    },
  );
}

function connect(io: typeof import('socket.io-client').io, token: string): void {
  const current: TradeSocket = io(NAMESPACE, {
    // Read at every attempt, so a reconnect uses the token stored now.
    auth: (send) => send({ token: localStorage.getItem('token') ?? token }),
    // WebSocket only: no sticky sessions needed behind a load balancer; where WebSockets are blocked the pages
    // fall back to their REST polling, which is the documented fallback anyway.
    transports: ['websocket'],
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    // An attempt that opens but never completes the handshake (a proxy that drops it) is given up after 5 s,
    // not the library's 20 s, so the next attempt comes soon.
    timeout: 5000,
  });
  socket = current;
  current.onAny((event: TradeEventName, payload: unknown) => {
    if (held) held.push({ event, payload });
    else dispatch(event, payload);
  });
  current.on('connect', () => void handleConnect(current));
  current.on('disconnect', (reason) => {
    if (socket !== current) return;
    held = null;
    syncRound += 1;
    setStatus('down');
    // The server ended the connection (an expired token, a restart): ask again; the handshake decides.
    if (reason === 'io server disconnect') current.connect();
  });
  current.on('connect_error', () => {
    if (socket !== current) return;
    // A refused handshake (a token the server does not accept) is final for this token: the pages keep polling,
    // and the session stays as the REST calls decide (they answer 401 to the same token). Transport failures:
    // Socket.IO retries with backoff while the pages poll.
    setStatus(current.active ? 'down' : 'refused');
  });
}

function close(): void {
  openRound += 1;
  const current = socket;
  socket = null;
  socketToken = null;
  held = null;
  syncRound += 1;
  current?.disconnect();
  setStatus('off');
}

/** Keeps the tab's one socket matching the stored token while at least one holder wants it. */
export function holdTradeSocket(token: string | null): () => void {
  holders += 1;
  if (token !== socketToken) {
    close();
    if (token) open(token);
  }
  return () => {
    holders -= 1;
    // Deferred: a remount right after (React's strict mode, a route change) keeps the same socket.
    setTimeout(() => {
      if (holders === 0) close();
    }, 0);
  };
}

/** Listens to a pushed event; returns the unsubscribe. */
export function onTradeEvent<E extends TradeEventName>(event: E, handler: (payload: TradeEventPayload<E>) => void): () => void {
  const set = handlers.get(event) ?? new Set<AnyHandler>();
  handlers.set(event, set);
  set.add(handler as AnyHandler);
  return () => set.delete(handler as AnyHandler);
}

/**
 * Registers a view's REST catch-up, run on every (re)connect before pushes are trusted; returns the unregister.
 * The task must reject when it could not load: the status then stays `syncing` (polling) and it is run again.
 */
export function addResync(task: ResyncTask): () => void {
  resyncTasks.add(task);
  return () => resyncTasks.delete(task);
}

/** Enters a deal's room (the server checks the member may); false when refused or not connected. */
export async function joinDeal(dealId: string): Promise<boolean> {
  if (!socket?.connected) return false;
  try {
    const result: JoinDealResult = await socket.timeout(5000).emitWithAck('deal:join', dealId);
    return result.ok;
  } catch {
    return false;
  }
}

export function leaveDeal(dealId: string): void {
  if (socket?.connected) socket.emit('deal:leave', dealId);
}

/** Tells the other party in the deal's room that this member is (or stopped) typing. */
export function sendTyping(dealId: string, typing: boolean): void {
  if (socket?.connected) socket.volatile.emit('chat:typing', { dealId, typing });
}

/** Hears `post:changed` while a trade list or post is shown; returns the stop. */
export function watchPosts(): () => void {
  postWatchers += 1;
  if (postWatchers === 1 && socket?.connected) socket.emit('posts:watch');
  return () => {
    postWatchers -= 1;
    if (postWatchers === 0 && socket?.connected) socket.emit('posts:unwatch');
  };
}
