import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The tab's socket (web/src/features/trade/live/trade-socket.ts) with socket.io-client replaced by a socket the
 * test drives: the status the pages read (live turns polling off) must not become live while a view has not
 * caught up.
 */
type Handler = (...args: unknown[]) => void;

class FakeSocket {
  constructor(readonly options: { auth: (send: (data: { token: string }) => void) => void }) {}
  connected = false;
  active = true;
  readonly handlers = new Map<string, Handler[]>();
  readonly anyHandlers: Handler[] = [];
  readonly emitted: unknown[][] = [];
  volatile = { emit: () => undefined };
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  onAny(handler: Handler) {
    this.anyHandlers.push(handler);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  timeout() {
    return { emitWithAck: async () => ({ ok: true }) };
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  /** The server side: the handshake completes, the line drops, an event is pushed. */
  open() {
    this.connected = true;
    for (const handler of this.handlers.get('connect') ?? []) handler();
  }
  drop() {
    this.connected = false;
    for (const handler of this.handlers.get('disconnect') ?? []) handler('transport close');
  }
  push(event: string, payload: unknown) {
    for (const handler of this.anyHandlers) handler(event, payload);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('socket.io-client', () => ({
  io: (_namespace: string, options: FakeSocket['options']) => {
    const socket = new FakeSocket(options);
    sockets.push(socket);
    return socket;
  },
}));

const { addResync, holdTradeSocket, onTradeEvent } = await import('../../../web/src/features/trade/live/trade-socket.js');
const { useTradeLiveStore } = await import('../../../web/src/features/trade/live/live-status.js');
const status = () => useTradeLiveStore.getState().status;

describe('the live status waits for every view to catch up', () => {
  let release: () => void;
  const stops: (() => void)[] = [];

  beforeEach(async () => {
    vi.useFakeTimers();
    const opened = sockets.length;
    release = holdTradeSocket(`token-${opened}`);
    // The socket library is fetched when the first holder needs it.
    await vi.waitFor(() => expect(sockets).toHaveLength(opened + 1));
  });
  afterEach(async () => {
    stops.splice(0).forEach((stop) => stop());
    release();
    await vi.runAllTimersAsync();
    vi.useRealTimers();
  });

  it('a failed resync keeps the status syncing (views poll) and is retried until it succeeds, then live', async () => {
    let failures = 2;
    const chat = vi.fn(async () => {
      if (failures-- > 0) throw new Error('network down');
    });
    const alerts = vi.fn(async () => undefined);
    stops.push(addResync(chat), addResync(alerts));
    sockets.at(-1)!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(status()).toBe('syncing');
    expect(useTradeLiveStore.getState().connected).toBe(false);
    expect([chat.mock.calls.length, alerts.mock.calls.length]).toEqual([1, 1]);

    await vi.advanceTimersByTimeAsync(1000);
    expect(status()).toBe('syncing');
    expect(chat).toHaveBeenCalledTimes(2);
    // Only what failed runs again.
    expect(alerts).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(2000);
    expect(chat).toHaveBeenCalledTimes(3);
    expect(status()).toBe('live');
    expect(useTradeLiveStore.getState().connected).toBe(true);
  });

  it('pushes wait during the first catch-up, then flow while a failed view is retried', async () => {
    let fail = true;
    stops.push(addResync(async () => {
      if (fail) throw new Error('down');
    }));
    const heard: unknown[] = [];
    stops.push(onTradeEvent('chat:typing', (event) => heard.push(event)));
    const socket = sockets.at(-1)!;
    socket.open();
    socket.push('chat:typing', { dealId: 'd', userId: 'u', typing: true });
    expect(heard).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(heard).toHaveLength(1);
    socket.push('chat:typing', { dealId: 'd', userId: 'u', typing: false });
    expect(heard).toHaveLength(2);
    expect(status()).toBe('syncing');
    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(status()).toBe('live');
  });

  it('stops retrying when the line drops; the next connect starts over', async () => {
    const task = vi.fn<() => Promise<void>>(async () => {
      throw new Error('down');
    });
    stops.push(addResync(task));
    const socket = sockets.at(-1)!;
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    socket.drop();
    expect(status()).toBe('down');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(task).toHaveBeenCalledTimes(1);
    task.mockResolvedValue(undefined);
    socket.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(status()).toBe('live');
  });

  it('a view closed while its resync kept failing no longer holds the status back', async () => {
    const stop = addResync(async () => {
      throw new Error('down');
    });
    sockets.at(-1)!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(status()).toBe('syncing');
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(status()).toBe('live');
  });
});

describe('the socket library is fetched when a signed-in view needs it', () => {
  it('nothing opens without a token, and a token replaced before the library arrived opens only its successor', async () => {
    const opened = sockets.length;
    const releaseSignedOut = holdTradeSocket(null);
    expect(status()).toBe('off');
    const releaseFirst = holdTradeSocket('token-replaced');
    expect(status()).toBe('connecting');
    const releaseSecond = holdTradeSocket('token-current');
    await vi.waitFor(() => expect(sockets).toHaveLength(opened + 1));
    // A moment more: the first open's library arrives too, and must not open a second socket.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sockets).toHaveLength(opened + 1);
    // No token stored: the handshake sends the token the socket was opened with.
    vi.stubGlobal('localStorage', { getItem: () => null });
    let sent: string | undefined;
    sockets.at(-1)!.options.auth((data) => (sent = data.token));
    vi.unstubAllGlobals();
    expect(sent).toBe('token-current');
    [releaseSignedOut, releaseFirst, releaseSecond].forEach((release) => release());
    await vi.waitFor(() => expect(status()).toBe('off'));
  });
});

describe('which failures hold the live status back', () => {
  it('no answer, a server error or a rate limit may pass; another 4xx answer is final', async () => {
    const { isTransientFailure } = await import('../../../web/src/features/trade/live/catch-up.js');
    const failure = (status: number) => Object.assign(new Error('x'), { status });
    expect([0, 429, 500, 503].map((status) => isTransientFailure(failure(status)))).toEqual([true, true, true, true]);
    expect([400, 401, 403, 404, 409].map((status) => isTransientFailure(failure(status)))).toEqual([false, false, false, false, false]);
    expect(isTransientFailure(new TypeError('Failed to fetch'))).toBe(true);
  });
});
