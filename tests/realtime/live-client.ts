import { io as connect, type Socket } from 'socket.io-client';
import type { TradeClientEvents, TradeServerEvents } from '../../server/contracts/realtime.js';

export type TradeSocket = Socket<TradeServerEvents, TradeClientEvents>;
export type ServerEvent = keyof TradeServerEvents;
export type Payload<E extends ServerEvent> = Parameters<TradeServerEvents[E]>[0];

/**
 * A real socket.io-client connection to the /trade namespace that records every event it hears, so a test can
 * wait for one event and then prove nothing else arrived.
 */
export class LiveClient {
  readonly socket: TradeSocket;
  readonly heard: { event: ServerEvent; payload: unknown }[] = [];
  private readonly waiters: { event: ServerEvent; match: (payload: never) => boolean; resolve(payload: unknown): void }[] = [];
  /** Why the connection ended, once it has. */
  private endReason: string | undefined;

  constructor(baseUrl: string, auth: Record<string, unknown>, options: { extraHeaders?: Record<string, string>; reconnection?: boolean } = {}) {
    this.socket = connect(`${baseUrl}/trade`, {
      auth,
      transports: ['websocket'],
      forceNew: true,
      reconnection: options.reconnection ?? false,
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      extraHeaders: options.extraHeaders,
    });
    this.socket.on('disconnect', (reason) => {
      this.endReason = reason;
    });
    this.socket.onAny((event: ServerEvent, payload: unknown) => {
      this.heard.push({ event, payload });
      for (const waiter of [...this.waiters]) {
        if (waiter.event === event && waiter.match(payload as never)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(payload);
        }
      }
    });
  }

  /** Resolves once connected; rejects with the refusal when the handshake is refused. */
  connected(): Promise<void> {
    if (this.socket.connected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  /** The refusal of a handshake expected to fail. */
  refused(): Promise<Error & { data?: unknown }> {
    return new Promise((resolve, reject) => {
      this.socket.once('connect', () => reject(new Error('the handshake was accepted')));
      this.socket.once('connect_error', (error) => resolve(error as Error & { data?: unknown }));
    });
  }

  /** The next `event` (heard from now on, or already heard and matching) whose payload matches. */
  next<E extends ServerEvent>(event: E, match: (payload: Payload<E>) => boolean = () => true, timeoutMs = 5000): Promise<Payload<E>> {
    const earlier = this.heard.find((item) => item.event === event && match(item.payload as Payload<E>));
    if (earlier) return Promise.resolve(earlier.payload as Payload<E>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        event,
        match: match as (payload: never) => boolean,
        resolve: (payload) => {
          clearTimeout(timer);
          resolve(payload as Payload<E>);
        },
      });
    });
  }

  /** Why the connection ended (at once when it already has), e.g. 'io server disconnect' when the server ended it. */
  disconnected(timeoutMs = 5000): Promise<string> {
    if (this.endReason) return Promise.resolve(this.endReason);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
      this.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  /** The names of the events heard, in order. */
  events(): ServerEvent[] {
    return this.heard.map((item) => item.event);
  }

  /** Payloads of one event heard so far. */
  payloads<E extends ServerEvent>(event: E): Payload<E>[] {
    return this.heard.filter((item) => item.event === event).map((item) => item.payload as Payload<E>);
  }

  forget(): void {
    this.heard.length = 0;
  }

  async join(dealId: string) {
    return this.socket.emitWithAck('deal:join', dealId);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** Lets events in flight arrive, so a test can say that nothing more did. */
export const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));
