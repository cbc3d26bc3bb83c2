import type { DealUpdatedEvent } from '@shared/contracts/realtime';
import type { ChatMessage } from '@shared/contracts/trade';
import { isTransientFailure } from '../live/catch-up.js';
import {
  EMPTY_CHAT, isChatClosed, mergeHeader, newClientId, OUTBOX_RETRY_MS, TYPING_VISIBLE_MS, type ChatHeader, type ChatState,
  type ChatTransport, type OutboxStore, type OutgoingMessage,
} from './chat-state.js';
import { mergeMessages } from './merge-messages.js';

/**
 * One deal's chat as the page shows it, whatever way its parts arrive: REST loads (the first, each resync after a
 * reconnect, each poll while the live push is down) and pushed events. Messages are keyed by id, so one that
 * arrives twice (push and resync) shows once. The `after` cursor is the newest message with no gap before it
 * (sequence numbers are 1, 2, ... per deal): REST answers are contiguous, and a push moves it only when it is
 * the next number, so a resync never skips a message a push did not bring, nor loads again what pushes did.
 * Sends go through an outbox: a message written without a connection waits (shown as queued, kept across reloads)
 * and is sent by itself, in order, when the connection is back (`flush`: on reconnect, on the browser's online
 * event, and on a backing-off timer). Each keeps its client id, so however often it is sent it is stored once.
 * Framework-free: the React hook subscribes, and tests drive it directly.
 */
export class ChatSession {
  private state: ChatState = EMPTY_CHAT;
  private readonly listeners = new Set<() => void>();
  /** The newest message with every earlier one (from the first load on) shown, and its sequence number. */
  private cursor: string | undefined;
  /** Null until the first load answers: before it, nothing is known to be contiguous. */
  private cursorSeq: number | null = null;
  private loading: Promise<boolean> | null = null;
  /** The load asked for while one runs: it starts when that one ends; every such caller waits for it. */
  private followUp: Promise<boolean> | null = null;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  /** The newest sequence number this member has told the server they read (by a load or a mark). */
  private readSeq = 0;
  private readonly isVisible: () => boolean;
  private readonly isOnline: () => boolean;
  private readonly outboxStore: OutboxStore | undefined;
  /** The outbox being sent now; a flush asked for meanwhile runs once more after it. */
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryAttempt = 0;

  /**
   * `isVisible` says whether the chat is on screen (the page's tab is visible): only then do loads and pushed
   * messages count as read. `isOnline` whether the browser has a network (navigator.onLine): without one, sends
   * wait without trying. `outbox` keeps unsent messages across reloads. Tests leave them out or pass their own.
   */
  constructor(
    private readonly transport: ChatTransport,
    private readonly myId: string | undefined,
    options: { isVisible?: () => boolean; isOnline?: () => boolean; outbox?: OutboxStore } = {},
  ) {
    this.isVisible = options.isVisible ?? (() => true);
    this.isOnline = options.isOnline ?? (() => true);
    this.outboxStore = options.outbox;
    const kept = this.outboxStore?.load() ?? [];
    if (kept.length > 0) this.state = { ...EMPTY_CHAT, outbox: kept.map((item) => ({ ...item, state: 'queued' })) };
  }

  snapshot = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(change: Partial<ChatState>): void {
    const outboxChanged = change.outbox !== undefined && change.outbox !== this.state.outbox;
    this.state = { ...this.state, ...change };
    if (outboxChanged) this.keepOutbox();
    for (const listener of this.listeners) listener();
  }

  /** Keeps what is still to send (failed messages are shown, not kept: they can never be sent). */
  private keepOutbox(): void {
    this.outboxStore?.save(this.state.outbox.filter((item) => item.state !== 'failed').map(({ clientId, text }) => ({ clientId, text })));
  }

  /** Adds stored messages; messages of ours waiting in the outbox are delivered and leave it. */
  private merge(incoming: ChatMessage[]): void {
    if (incoming.length === 0) return;
    const delivered = new Set(incoming.filter((message) => message.senderId === this.myId).map((message) => message.clientId));
    const outbox = this.state.outbox.filter((item) => !delivered.has(item.clientId));
    const messages = mergeMessages(this.state.messages, incoming);
    if (messages !== this.state.messages || outbox.length !== this.state.outbox.length) this.update({ messages, outbox });
    this.advanceCursor();
  }

  /** Moves the cursor over the messages that follow it without a gap (the list is in sequence order). */
  private advanceCursor(): void {
    if (this.cursorSeq === null) return;
    for (const message of this.state.messages) {
      if (message.seq !== this.cursorSeq + 1) continue;
      this.cursorSeq = message.seq;
      this.cursor = message._id;
    }
  }

  /**
   * Loads what the server has after the last loaded message, page after page; true when it all loaded, false when
   * a load failed (the error is kept in the state). A call while a load runs waits for it and for one more load,
   * so what committed before the call is always included in what its promise waited for.
   */
  resync(): Promise<boolean> {
    if (this.loading) {
      this.followUp ??= this.loading.then(() => {
        this.followUp = null;
        return this.resync();
      });
      return this.followUp;
    }
    this.loading = this.loadAll().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * After a (re)connect, or a poll while not listening: enters the live room first, then loads, so whatever
   * commits after the load's read arrives by push. A refused or timed-out join leaves the chat not `listening`
   * (it keeps polling); the answer says whether the load succeeded.
   */
  async catchUp(): Promise<boolean> {
    const listening = (await this.transport.join?.()) ?? false;
    if (listening !== this.state.listening) this.update({ listening });
    return this.resync();
  }

  private async loadAll(): Promise<boolean> {
    try {
      for (let more = true; more; ) {
        const markRead = this.isVisible();
        const after = this.cursor;
        const { items, hasMore, hasOlder, ok: _ok, ...header } = await this.transport.load(after, { markRead });
        // A load from the top (the first, or one with nothing shown yet) is the newest page: older ones may exist.
        if (after === undefined) this.update({ hasOlder });
        // An answer is contiguous up to its last message; the first one, even empty, is where contiguity starts.
        const last = items.at(-1);
        if (last && last.seq > (this.cursorSeq ?? 0)) {
          this.cursor = last._id;
          this.cursorSeq = last.seq;
        } else if (this.cursorSeq === null) {
          this.cursorSeq = 0;
        }
        if (markRead && last) this.readSeq = Math.max(this.readSeq, last.seq);
        this.merge(items);
        this.update({
          header: mergeHeader(this.state.header, header),
          counterpartReadSeq: Math.max(this.state.counterpartReadSeq, header.counterpartReadSeq),
          error: null,
        });
        more = hasMore && items.length > 0;
      }
      return true;
    } catch (failure) {
      this.update({ error: failure });
      return false;
    }
  }

  /**
   * Loads the page of messages just before the first one shown (the chat opens with the newest 200); true when
   * it added some. Older messages lie behind the cursor, so the resync cursor and the read position stay.
   */
  async loadOlder(): Promise<boolean> {
    const first = this.state.messages[0];
    if (!first || !this.state.hasOlder || this.state.olderState === 'loading' || !this.transport.loadOlder) return false;
    this.update({ olderState: 'loading' });
    try {
      const { items, hasOlder } = await this.transport.loadOlder(first._id);
      this.update({ messages: mergeMessages(this.state.messages, items), hasOlder, olderState: 'idle' });
      return items.length > 0;
    } catch {
      this.update({ olderState: 'failed' });
      return false;
    }
  }

  /**
   * A pushed message (`chat:message`). One new from the other party is marked read when the chat is on screen;
   * while the tab is hidden it stays unread until `seen()`. True when it is new and from the other party.
   */
  receive(message: ChatMessage): boolean {
    const known = this.state.messages.some((item) => item._id === message._id);
    this.merge([message]);
    // A number past the cursor's next: one or more messages before it never arrived (a push lost on the way, or
    // an earlier one still coming). Load after the cursor; a resync already running is followed by one more.
    if (this.cursorSeq !== null && message.seq > this.cursorSeq) void this.resync();
    if (message.senderId !== this.myId && message.kind === 'user') this.update({ counterpartTyping: false });
    const fresh = !known && message.senderId !== this.myId;
    if (fresh && this.isVisible()) this.seen();
    return fresh;
  }

  /**
   * The chat is on screen (shown, or its tab came to the front): tells the server this member has read up to the
   * newest message shown, once per newer message. Failures only delay the receipt (the next load marks too).
   */
  seen(): void {
    const newest = this.state.messages.at(-1);
    if (!newest || newest.seq <= this.readSeq) return;
    this.readSeq = newest.seq;
    this.transport.markRead(newest._id).catch(() => undefined);
  }

  /** A pushed read receipt of the other party. */
  applyRead(seq: number): void {
    if (seq > this.state.counterpartReadSeq) this.update({ counterpartReadSeq: seq });
  }

  /** A pushed typing notice of the other party; it fades by itself. */
  applyTyping(typing: boolean): void {
    clearTimeout(this.typingTimer);
    if (typing) this.typingTimer = setTimeout(() => this.update({ counterpartTyping: false }), TYPING_VISIBLE_MS);
    if (this.state.counterpartTyping !== typing) this.update({ counterpartTyping: typing });
  }

  /** A pushed `deal:updated`: confirmations, status, how it ended and closing, merged forward only. */
  applyDealUpdate(event: Pick<DealUpdatedEvent, 'status' | 'confirmations' | 'closed' | 'endedBy' | 'endReason'>): void {
    const header = this.state.header;
    if (!header) return;
    const { status, confirmations, closed, endedBy, endReason } = event;
    this.update({
      header: mergeHeader(this.state.header, {
        ...header, dealStatus: status, confirmations, closed, endedBy, endReason, expiresAt: closed ? null : header.expiresAt,
      }),
    });
  }

  /** Sends a new message: shown at once, then as stored; without a connection it waits in the outbox. */
  send(text: string): Promise<void> {
    const clientId = newClientId();
    this.update({ outbox: [...this.state.outbox, { clientId, text, state: 'queued' }] });
    return this.flush();
  }

  /** Tries a waiting message now (the member's "send now"): the whole outbox is sent again, in order. */
  retry(clientId: string): Promise<void> {
    if (!this.state.outbox.some((entry) => entry.clientId === clientId && entry.state === 'queued')) return Promise.resolve();
    this.retryAttempt = 0;
    return this.flush();
  }

  /**
   * Sends the waiting messages in the order they were written, one at a time, until all are stored or one cannot
   * go yet (no connection: it waits, and the next attempt is timed with back-off). Call it whenever a connection
   * may be back: a reconnect, the browser's online event. A call while one runs makes it run once more after.
   */
  flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if (this.flushAgain) {
        this.flushAgain = false;
        void this.flush();
      }
    });
    return this.flushing;
  }

  private async drain(): Promise<void> {
    clearTimeout(this.retryTimer);
    if (!this.state.outbox.some((item) => item.state === 'queued')) return;
    if (!this.isOnline()) {
      this.scheduleRetry();
      return;
    }
    for (let next = this.nextQueued(); next; next = this.nextQueued()) {
      this.setOutboxState(next.clientId, 'pending');
      if ((await this.deliver(next.clientId, next.text)) === 'waiting') {
        this.scheduleRetry();
        return;
      }
    }
    this.retryAttempt = 0;
  }

  private nextQueued(): OutgoingMessage | undefined {
    return this.state.outbox.find((item) => item.state === 'queued');
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    const delay = OUTBOX_RETRY_MS[Math.min(this.retryAttempt, OUTBOX_RETRY_MS.length - 1)]!;
    this.retryAttempt += 1;
    this.retryTimer = setTimeout(() => void this.flush(), delay);
  }

  /** One attempt: stored (or delivered meanwhile), waiting (no connection, a server error), or refused for good. */
  private async deliver(clientId: string, text: string): Promise<'stored' | 'waiting' | 'refused'> {
    try {
      this.merge([await this.transport.send(text, clientId)]);
      return 'stored';
    } catch (failure) {
      // Already delivered by push or resync while the answer was lost: nothing failed.
      if (!this.state.outbox.some((entry) => entry.clientId === clientId)) return 'stored';
      if (isTransientFailure(failure)) {
        this.setOutboxState(clientId, 'queued', failure);
        return 'waiting';
      }
      this.setOutboxState(clientId, 'failed', failure);
      // The chat ended meanwhile (the deal completed or ended): it shows itself closed at once; the resync brings
      // the closing notice and the final deal state.
      if (isChatClosed(failure)) {
        const header = this.state.header;
        if (header) this.update({ header: mergeHeader(this.state.header, { ...header, closed: true }) });
        await this.resync();
      }
      return 'refused';
    }
  }

  private setOutboxState(clientId: string, state: OutgoingMessage['state'], error?: unknown): void {
    this.update({
      outbox: this.state.outbox.map((entry) => (entry.clientId === clientId ? { ...entry, state, error } : entry)),
    });
  }

  dispose(): void {
    clearTimeout(this.typingTimer);
    clearTimeout(this.retryTimer);
    this.listeners.clear();
  }
}
