import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatResponse } from '../../../server/contracts/trade.js';
import { ChatSession } from '../../../web/src/features/trade/chat/chat-session.js';
import {
  chatNeedsPoll, OUTBOX_RETRY_MS, type ChatTransport, type OutboxStore, type QueuedMessage,
} from '../../../web/src/features/trade/chat/chat-state.js';

const ME = '00000000-0000-4000-8000-00000000000a';
const THEM = '00000000-0000-4000-8000-00000000000b';

/**
 * A server in memory: messages numbered in order, a client id stored once, and pages as the API answers them
 * (without `after` the newest page; with it, the next page after that message).
 */
class FakeServer implements ChatTransport {
  messages: ChatMessage[] = [];
  /** The `after` of each load, in order. */
  loads: (string | undefined)[] = [];
  failSends = 0;
  loseAnswers = 0;
  /** What the next send is refused with for good (a 403 the API client throws), once. */
  refuseNextSend: { status: number; code: string; message: string } | null = null;
  /** Every send attempt's client id, in order. */
  sends: string[] = [];
  /** Ids of POST .../read calls, and the reader's position they and the loads moved (what the other side sees). */
  reads: string[] = [];
  readSeq = 0;
  /** The `markRead` of each load (false: read=0). */
  loadMarks: boolean[] = [];
  failLoads = 0;
  /** What the next deal:join answers (the room refused, or the ack timed out: false). */
  joinAnswer = true;
  joins = 0;
  header: { closed: boolean; dealStatus: 'IN_PROGRESS' | 'COMPLETED'; confirmations: { buyer: boolean; seller: boolean } } = {
    closed: false, dealStatus: 'IN_PROGRESS', confirmations: { buyer: false, seller: false },
  };

  constructor(private readonly pageSize = 200) {}

  store(senderId: string, text: string, clientId = `c${this.messages.length + 1}`): ChatMessage {
    const existing = this.messages.find((message) => message.clientId === clientId);
    if (existing) return existing;
    const seq = this.messages.length + 1;
    const message: ChatMessage = {
      _id: `m${seq}`, seq, clientId, kind: 'user', systemEvent: null, senderId, senderNick: senderId === ME ? '나' : '상대',
      text, createdAt: new Date(0).toISOString(), warnings: [],
    };
    this.messages.push(message);
    return message;
  }

  async load(after?: string, options = { markRead: true }): Promise<ChatResponse> {
    this.loads.push(after);
    this.loadMarks.push(options.markRead);
    if (this.failLoads > 0) {
      this.failLoads -= 1;
      throw new Error('network down');
    }
    const from = after
      ? this.messages.findIndex((message) => message._id === after) + 1
      : Math.max(0, this.messages.length - this.pageSize);
    const items = this.messages.slice(from, from + this.pageSize);
    if (options.markRead) this.readSeq = Math.max(this.readSeq, items.at(-1)?.seq ?? 0);
    return this.answer(items, this.messages.length > from + this.pageSize, from > 0);
  }

  /** `before=<id>`: the page just before that message; never moves the read position. */
  async loadOlder(before: string): Promise<ChatResponse> {
    this.loads.push(`before:${before}`);
    const end = this.messages.findIndex((message) => message._id === before);
    const from = Math.max(0, end - this.pageSize);
    return this.answer(this.messages.slice(from, end), true, from > 0);
  }

  private answer(items: ChatMessage[], hasMore: boolean, hasOlder: boolean): ChatResponse {
    return {
      ok: true, items, hasMore, hasOlder, ...this.header,
      buyerId: ME, sellerId: THEM, buyerNick: '나', sellerNick: '상대', postId: 'p', postTitle: '글', price: 100,
      myRole: 'buyer', counterpartReadSeq: 0, endedBy: null, endReason: null, endedAt: null, expiresAt: null,
      sendRefusal: null,
    };
  }

  async send(text: string, clientId: string): Promise<ChatMessage> {
    this.sends.push(clientId);
    if (this.refuseNextSend) {
      const refusal = this.refuseNextSend;
      this.refuseNextSend = null;
      throw Object.assign(new Error(refusal.message), refusal);
    }
    if (this.header.closed && !this.messages.some((message) => message.clientId === clientId)) {
      // As the API client throws a 409: ApiError carries the server's code.
      throw Object.assign(new Error('채팅방이 종료되었습니다.'), { status: 409, code: 'chat_closed' });
    }
    if (this.failSends > 0) {
      this.failSends -= 1;
      throw new Error('network down');
    }
    const stored = this.store(ME, text, clientId);
    if (this.loseAnswers > 0) {
      this.loseAnswers -= 1;
      throw new Error('answer lost');
    }
    return stored;
  }

  async join() {
    this.joins += 1;
    return this.joinAnswer;
  }

  async markRead(messageId: string) {
    this.reads.push(messageId);
    this.readSeq = Math.max(this.readSeq, this.messages.find((message) => message._id === messageId)?.seq ?? 0);
  }
}

const texts = (session: ChatSession) => session.snapshot().messages.map((message) => message.text);

describe('ChatSession: each message once, whatever arrives twice', () => {
  it('shows a message that arrives by push and again by resync once, in sequence order', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    server.store(THEM, '첫째');
    await session.resync();
    const second = server.store(THEM, '둘째');
    const third = server.store(THEM, '셋째');
    // Pushes may come out of order and ahead of the REST cursor.
    expect(session.receive(third)).toBe(true);
    expect(session.receive(second)).toBe(true);
    expect(session.receive(third)).toBe(false);
    await session.resync();
    await session.resync();
    expect(texts(session)).toEqual(['첫째', '둘째', '셋째']);
  });

  it('a resync never skips a message a push did not bring', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    const pushedOnly = server.store(THEM, '푸시로 온 것');
    server.store(THEM, '놓친 것');
    const last = server.store(THEM, '마지막');
    session.receive(pushedOnly);
    session.receive(last);
    await session.resync();
    expect(texts(session)).toEqual(['푸시로 온 것', '놓친 것', '마지막']);
  });

  it('a chat opened empty and fed by pushes resumes after the last pushed message when the line drops', async () => {
    const server = new FakeServer(3);
    const session = new ChatSession(server, ME);
    await session.resync();
    for (const text of ['하나', '둘']) session.receive(server.store(THEM, text));
    // The line drops: more than a page is stored without a push; the poll then loads after the second message.
    for (const text of ['셋', '넷', '다섯', '여섯', '일곱']) server.store(THEM, text);
    await session.resync();
    expect(texts(session)).toEqual(['하나', '둘', '셋', '넷', '다섯', '여섯', '일곱']);
    expect(server.loads).toEqual([undefined, 'm2', 'm5']);
  });

  it('a send shows pending, then the stored message; its push arriving first does not show it twice', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    const sending = session.send('안녕하세요');
    expect(session.snapshot().outbox).toMatchObject([{ text: '안녕하세요', state: 'pending' }]);
    session.receive(server.messages[0] ?? server.store(ME, '안녕하세요', session.snapshot().outbox[0]!.clientId));
    await sending;
    expect(session.snapshot().outbox).toEqual([]);
    expect(texts(session)).toEqual(['안녕하세요']);
  });

  it('a send without an answer waits; sending again reuses the client id, so nothing is stored twice', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    server.failSends = 1;
    await session.send('송금했습니다');
    const [waiting] = session.snapshot().outbox;
    expect(waiting).toMatchObject({ state: 'queued', text: '송금했습니다' });
    expect(server.messages).toHaveLength(0);

    // The second attempt is stored but its answer is lost: still waiting on screen, stored once on the server.
    server.loseAnswers = 1;
    await session.retry(waiting!.clientId);
    expect(session.snapshot().outbox[0]!.state).toBe('queued');
    await session.retry(waiting!.clientId);
    expect(server.messages.map((message) => message.clientId)).toEqual([waiting!.clientId]);
    expect(session.snapshot().outbox).toEqual([]);
    await session.resync();
    expect(texts(session)).toEqual(['송금했습니다']);
    session.dispose();
  });

  it('a resync delivers a message whose send answer was lost (it leaves the outbox)', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    server.loseAnswers = 1;
    await session.send('도착했나요');
    expect(session.snapshot().outbox[0]!.state).toBe('queued');
    await session.resync();
    expect(session.snapshot().outbox).toEqual([]);
    expect(texts(session)).toEqual(['도착했나요']);
    session.dispose();
  });

  it('deal state only moves forward, and read receipts only move up', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    session.applyDealUpdate({ status: 'COMPLETED', confirmations: { buyer: true, seller: true }, closed: true, endedBy: null, endReason: null });
    await session.resync(); // an answer read before the completion
    expect(session.snapshot().header).toMatchObject({ dealStatus: 'COMPLETED', closed: true, confirmations: { buyer: true, seller: true } });
    session.applyRead(3);
    session.applyRead(2);
    expect(session.snapshot().counterpartReadSeq).toBe(3);
  });

  it('a resync asked for while one runs loads again afterwards', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    const first = session.resync();
    server.store(THEM, '그 사이에 온 것');
    const second = session.resync();
    const third = session.resync();
    await first;
    // The running load had read before the message was stored; the load asked for meanwhile brings it, and
    // both later callers wait for that one load.
    expect(await second).toBe(true);
    await third;
    expect(texts(session)).toEqual(['그 사이에 온 것']);
    expect(server.loads).toHaveLength(2);
  });
});

describe('ChatSession: read receipts only for what was on screen', () => {
  it('a hidden tab loads and hears messages without marking them read; coming to the front marks them once', async () => {
    const server = new FakeServer();
    let visible = false;
    const session = new ChatSession(server, ME, { isVisible: () => visible });
    server.store(THEM, '안녕하세요');
    await session.resync();
    session.receive(server.store(THEM, '계신가요'));
    await session.resync();
    expect(texts(session)).toEqual(['안녕하세요', '계신가요']);
    expect(server.loadMarks).toEqual([false, false]);
    // The other party still sees nothing read, and the server still counts both as unread.
    expect(server.readSeq).toBe(0);

    visible = true;
    session.seen();
    session.seen();
    expect(server.reads).toEqual(['m2']);
    expect(server.readSeq).toBe(2);

    // On screen, a pushed message is read at once and a load marks what it brings.
    session.receive(server.store(THEM, '세 번째'));
    expect(server.readSeq).toBe(3);
    server.store(THEM, '네 번째');
    await session.resync();
    expect(server.loadMarks.at(-1)).toBe(true);
    expect(server.readSeq).toBe(4);
    session.seen();
    expect(server.reads).toEqual(['m2', 'm3']);
  });

  it('my own pushed messages are no reason to send a read receipt', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    session.receive(server.store(ME, '제가 보낸 것'));
    expect(server.reads).toEqual([]);
  });
});

describe('ChatSession: a chat never stays deaf while the status says live', () => {
  it('a failed load is reported (the catch-up retries) and keeps the chat polling even while live', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    server.store(THEM, '안녕하세요');
    server.failLoads = 1;
    expect(await session.catchUp()).toBe(false);
    expect(session.snapshot().error).toBeTruthy();
    expect(chatNeedsPoll(session.snapshot(), true)).toBe(true);
    expect(await session.resync()).toBe(true);
    expect(session.snapshot().error).toBeNull();
    expect(chatNeedsPoll(session.snapshot(), true)).toBe(false);
    expect(texts(session)).toEqual(['안녕하세요']);
  });

  it('a chat the server refused for good (403, 404) does not poll while live; a network or server failure does', () => {
    const refused = Object.assign(new Error('forbidden'), { status: 403 });
    const unreachable = Object.assign(new Error('network'), { status: 0 });
    const failing = Object.assign(new Error('server'), { status: 503 });
    expect(chatNeedsPoll({ header: null, listening: false, error: refused }, true)).toBe(false);
    expect(chatNeedsPoll({ header: null, listening: false, error: unreachable }, true)).toBe(true);
    expect(chatNeedsPoll({ header: null, listening: true, error: failing }, true)).toBe(true);
    expect(chatNeedsPoll({ header: null, listening: false, error: refused }, false)).toBe(true);
  });

  it('a pushed message past the next number loads what is missing before it', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.catchUp();
    server.store(THEM, '놓친 첫째');
    server.store(THEM, '놓친 둘째');
    const pushed = server.store(THEM, '푸시로 온 셋째');
    session.receive(pushed);
    await session.resync(); // waits for the load the gap started
    expect(texts(session)).toEqual(['놓친 첫째', '놓친 둘째', '푸시로 온 셋째']);
    expect(server.loads).toEqual([undefined, undefined, 'm3']);

    // The next number in order asks for nothing.
    session.receive(server.store(THEM, '넷째'));
    await session.resync();
    expect(server.loads).toHaveLength(4);
  });

  it('an open chat whose room join failed keeps polling while live; joined, or closed, it does not', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    server.joinAnswer = false;
    expect(await session.catchUp()).toBe(true);
    expect(session.snapshot().listening).toBe(false);
    expect(chatNeedsPoll(session.snapshot(), true)).toBe(true);
    expect(chatNeedsPoll(session.snapshot(), false)).toBe(true);

    // A later poll asks for the room again and gets in: polling stops while live.
    server.joinAnswer = true;
    await session.catchUp();
    expect(server.joins).toBe(2);
    expect(session.snapshot().listening).toBe(true);
    expect(chatNeedsPoll(session.snapshot(), true)).toBe(false);
    expect(chatNeedsPoll(session.snapshot(), false)).toBe(true);

    // A closed chat has no room to be in and nothing new to hear.
    server.joinAnswer = false;
    server.header = { ...server.header, closed: true };
    await session.catchUp();
    expect(chatNeedsPoll(session.snapshot(), true)).toBe(false);
  });
});

describe('ChatSession: sending into a chat that just closed', () => {
  it('shows the chat closed at once, keeps the message as not sent, never sends it again, and resyncs', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    // The other party completes the deal; this window has not heard yet.
    server.header = { closed: true, dealStatus: 'COMPLETED', confirmations: { buyer: true, seller: true } };
    server.store(THEM, '거래가 완료되었습니다');
    const loadsBefore = server.loads.length;

    await session.send('아직 계신가요');
    const [item] = session.snapshot().outbox;
    expect(item).toMatchObject({ text: '아직 계신가요', state: 'failed' });
    expect(session.snapshot().header).toMatchObject({ closed: true, dealStatus: 'COMPLETED' });
    expect(server.loads.length).toBe(loadsBefore + 1);
    expect(texts(session)).toEqual(['거래가 완료되었습니다']);

    // Asking again does nothing: nothing is sent, nothing stored.
    const attempts = server.sends.length;
    await session.retry(item!.clientId);
    await session.flush();
    expect(server.sends).toHaveLength(attempts);
    expect(session.snapshot().outbox[0]).toMatchObject({ state: 'failed' });
    expect(server.messages.map((message) => message.text)).toEqual(['거래가 완료되었습니다']);
  });

  it('a failure that may pass (no answer, a server error) waits to go again; the chat stays open', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    server.failSends = 1;
    await session.send('네트워크 오류');
    expect(session.snapshot().outbox[0]).toMatchObject({ state: 'queued' });
    expect(session.snapshot().header?.closed).toBe(false);
    session.dispose();
  });
});

/** An outbox kept in memory, as local storage keeps it across reloads. */
function memoryOutbox(): OutboxStore & { items: QueuedMessage[] } {
  const box = { items: [] as QueuedMessage[], load: () => [...box.items], save: (items: QueuedMessage[]) => { box.items = [...items]; } };
  return box;
}

describe('ChatSession: messages written offline go out by themselves, once, in order', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offline: nothing is tried; back online, the waiting messages are stored in the order written', async () => {
    const server = new FakeServer();
    let online = false;
    const session = new ChatSession(server, ME, { isOnline: () => online });
    await session.resync();
    await session.send('첫 번째');
    await session.send('두 번째');
    expect(server.sends).toEqual([]);
    expect(session.snapshot().outbox.map((item) => [item.text, item.state])).toEqual([['첫 번째', 'queued'], ['두 번째', 'queued']]);

    online = true;
    await Promise.all([session.flush(), session.flush()]);
    expect(server.messages.map((message) => message.text)).toEqual(['첫 번째', '두 번째']);
    expect(session.snapshot().outbox).toEqual([]);
    expect(texts(session)).toEqual(['첫 번째', '두 번째']);
    session.dispose();
  });

  it('without anyone pressing anything, a timer with back-off sends again until it goes through', async () => {
    vi.useFakeTimers();
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    await session.resync();
    server.failSends = 2;
    await session.send('자동 재전송');
    expect(server.sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS[0]);
    expect(server.sends).toHaveLength(2);
    expect(server.messages).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(OUTBOX_RETRY_MS[1]);
    expect(server.messages.map((message) => message.text)).toEqual(['자동 재전송']);
    expect(new Set(server.sends).size).toBe(1);
    // Nothing more is tried once it is stored.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sends).toHaveLength(3);
    session.dispose();
  });

  it('a reload keeps what was not sent: the next visit sends it, once', async () => {
    const server = new FakeServer();
    const outbox = memoryOutbox();
    const first = new ChatSession(server, ME, { isOnline: () => false, outbox });
    await first.resync();
    await first.send('새로고침 전에 쓴 메시지');
    expect(outbox.items.map((item) => item.text)).toEqual(['새로고침 전에 쓴 메시지']);
    first.dispose();

    const again = new ChatSession(server, ME, { outbox });
    expect(again.snapshot().outbox).toMatchObject([{ text: '새로고침 전에 쓴 메시지', state: 'queued' }]);
    await again.resync();
    await again.flush();
    expect(server.messages.map((message) => message.text)).toEqual(['새로고침 전에 쓴 메시지']);
    expect(outbox.items).toEqual([]);
    again.dispose();
  });

  it('a refusal for good (a restriction, a block) is shown with its reason, not kept and not sent again', async () => {
    const server = new FakeServer();
    const outbox = memoryOutbox();
    const session = new ChatSession(server, ME, { outbox });
    await session.resync();
    server.refuseNextSend = { status: 403, code: 'blocked', message: '이 상대에게는 메시지를 보낼 수 없습니다.' };
    await session.send('차단된 상대에게');
    expect(session.snapshot().outbox).toMatchObject([{ state: 'failed', text: '차단된 상대에게' }]);
    expect(outbox.items).toEqual([]);
    await session.flush();
    expect(server.sends).toHaveLength(1);
    session.dispose();
  });
});

describe('ChatSession: older history', () => {
  it('opens with the newest page and loads the older pages before it on demand, in order, each once', async () => {
    const server = new FakeServer(3);
    const session = new ChatSession(server, ME);
    for (const text of ['1', '2', '3', '4', '5', '6', '7']) server.store(THEM, text);
    await session.resync();
    expect(texts(session)).toEqual(['5', '6', '7']);
    expect(session.snapshot().hasOlder).toBe(true);

    await session.loadOlder();
    expect(texts(session)).toEqual(['2', '3', '4', '5', '6', '7']);
    expect(session.snapshot().hasOlder).toBe(true);
    await session.loadOlder();
    expect(texts(session)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(session.snapshot().hasOlder).toBe(false);
    await session.loadOlder();
    expect(server.loads.filter((load) => load?.startsWith('before:'))).toEqual(['before:m5', 'before:m2']);

    // Older pages leave the resync cursor where it was: the next resync asks after the newest message.
    server.store(THEM, '8');
    await session.resync();
    expect(server.loads.at(-1)).toBe('m7');
    expect(texts(session)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('a short chat has nothing older to load', async () => {
    const server = new FakeServer();
    const session = new ChatSession(server, ME);
    server.store(THEM, '안녕하세요');
    await session.resync();
    expect(session.snapshot().hasOlder).toBe(false);
  });
});
