import { io as connect, type Socket } from 'socket.io-client';
import type { TradeClientEvents, TradeServerEvents } from '../../server/contracts/realtime.js';
import type { ChatMessage, ChatResponse } from '../../server/contracts/trade.js';
import type { ServerProcess } from '../../tests/helpers/server-process.js';
import { ChatSession } from '../../web/src/features/trade/chat/chat-session.js';
import type { CuttableProxy } from './cuttable-proxy.js';
import type { BenchDeal } from './realtime-cast.js';
import { percentile } from './realtime-load.js';

/** The chat page's fallback poll while the socket is down (chat 3 s: docs/product/trade.md#polling-fallback). */
const CHAT_POLL_MS = 3000;

export interface ReconnectRunResult {
  scenario: string;
  sent: number;
  shown: number;
  lost: number;
  shownTwice: number;
  orderKept: boolean;
  /** Pushes of one message heard twice by the socket (the chat shows it once either way). */
  pushedTwice: number;
  p50: number;
  p99: number;
  max: number;
}

/** What happens to the receiver's line while the room streams. Resolves when the line is back. */
export type Fault = () => Promise<void>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class HttpError extends Error {
  constructor(readonly status: number, path: string) {
    super(`HTTP ${status} for ${path}`);
  }
}

async function call<T>(server: () => ServerProcess, token: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${server().url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new HttpError(response.status, path);
  return (await response.json()) as T;
}

/** A send the web would retry: the network failed or the server did (a 4xx is a mistake of the bench itself). */
const worthRetrying = (failure: unknown) => !(failure instanceof HttpError) || failure.status >= 500;

/**
 * The seller's chat page as the web wires it: the socket (through `proxy`, so that its line can be cut) joins
 * the deal's room and, on every (re)connect, resyncs by REST; while the socket is down the chat polls every 3 s.
 * REST goes to `receiverServer()` directly (a restarted process keeps its port).
 */
function openReceiver(deal: BenchDeal, proxy: CuttableProxy, receiverServer: () => ServerProcess) {
  const session = new ChatSession({
    load: (after) => call<ChatResponse>(receiverServer, deal.seller.token, `${deal.messagesPath}${after ? `?after=${after}` : ''}`),
    send: async (text, clientId) => (await call<{ message: ChatMessage }>(receiverServer, deal.seller.token, deal.messagesPath, { text, clientId })).message,
    markRead: (messageId) => call(receiverServer, deal.seller.token, deal.messagesPath.replace(/messages$/, 'read'), { messageId }),
  }, deal.seller.id);
  const socket: Socket<TradeServerEvents, TradeClientEvents> = connect(`http://127.0.0.1:${proxy.port}/trade`, {
    auth: { token: deal.seller.token }, transports: ['websocket'], forceNew: true,
    reconnectionDelay: 1000, reconnectionDelayMax: 5000, timeout: 5000,
  });
  const pushes = new Map<string, number>();
  socket.on('connect', () => {
    void socket.emitWithAck('deal:join', deal.dealId).then(() => session.resync(), () => undefined);
  });
  socket.on('chat:message', ({ message }) => {
    pushes.set(message._id, (pushes.get(message._id) ?? 0) + 1);
    session.receive(message);
  });
  const poll = setInterval(() => {
    if (!socket.connected) void session.resync();
  }, CHAT_POLL_MS);
  return {
    session,
    pushedTwice: () => [...pushes.values()].filter((count) => count > 1).length,
    close() {
      clearInterval(poll);
      socket.disconnect();
    },
  };
}

/**
 * One reconnect run: the buyer streams `perSecond` messages into the deal through `senderServer` (one after
 * another, each retried with its own client id until stored); `fault` strikes the seller's line after 3 s; the
 * stream goes on 5 s after the line is back. Then the seller's chat must show every message once, in order.
 */
export async function runReconnect(
  scenario: string,
  deal: BenchDeal,
  senderServer: ServerProcess,
  receiver: { proxy: CuttableProxy; server: () => ServerProcess },
  fault: Fault,
  perSecond: number,
): Promise<ReconnectRunResult> {
  const chat = openReceiver(deal, receiver.proxy, receiver.server);
  await chat.session.resync();
  const sentAt = new Map<string, number>();
  const order: string[] = [];
  const shownAt = new Map<string, number>();
  chat.session.subscribe(() => {
    for (const message of chat.session.snapshot().messages) {
      if (message.clientId && !shownAt.has(message.clientId)) shownAt.set(message.clientId, performance.now());
    }
  });

  let streaming = true;
  const stream = (async () => {
    const started = performance.now();
    for (let index = 0; streaming; index += 1) {
      const wait = started + (index * 1000) / perSecond - performance.now();
      if (wait > 0) await sleep(wait);
      const clientId = `stream-${index}`;
      sentAt.set(clientId, performance.now());
      for (;;) {
        const failure = await call(() => senderServer, deal.buyer.token, deal.messagesPath, { text: `연결 시험 ${index}`, clientId })
          .then(() => null, (error: unknown) => error);
        if (failure === null) break;
        if (!worthRetrying(failure)) throw failure;
        await sleep(200);
      }
      order.push(clientId);
    }
  })();
  // A refused send ends the run (awaited below); until then the faults go on without a stream.
  stream.catch(() => {
    streaming = false;
  });

  await sleep(3000);
  await fault();
  await sleep(5000);
  streaming = false;
  await stream;
  const deadline = performance.now() + 20_000;
  while (order.some((clientId) => !shownAt.has(clientId)) && performance.now() < deadline) await sleep(100);
  chat.close();

  const shownIds = chat.session.snapshot().messages.filter((message) => message.senderId === deal.buyer.id).map((message) => message.clientId ?? '');
  const delays = order.filter((clientId) => shownAt.has(clientId)).map((clientId) => shownAt.get(clientId)! - sentAt.get(clientId)!).sort((a, b) => a - b);
  return {
    scenario,
    sent: order.length,
    shown: shownIds.length,
    lost: order.filter((clientId) => !shownAt.has(clientId)).length,
    shownTwice: shownIds.length - new Set(shownIds).size,
    orderKept: shownIds.join() === order.join(),
    pushedTwice: chat.pushedTwice(),
    p50: Math.round(percentile(delays, 0.5)),
    p99: Math.round(percentile(delays, 0.99)),
    max: Math.round(delays.at(-1) ?? 0),
  };
}
