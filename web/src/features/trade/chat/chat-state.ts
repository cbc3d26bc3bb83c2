import type { ChatMessage, ChatResponse } from '@shared/contracts/trade';
import { isTransientFailure } from '../live/catch-up.js';

/** The parts of a deal's chat (chat-session.ts): how it reaches the server, what it holds, and pure rules on it. */

/** How a chat reaches the server (the REST calls of the trade API; tests pass their own). */
export interface ChatTransport {
  /**
   * GET .../messages, newer than `after` when given. `markRead` false (`read=0`): the server does not move this
   * member's read position, so the other party sees 읽음 only for what was on screen.
   */
  load(after: string | undefined, options: { markRead: boolean }): Promise<ChatResponse>;
  /** POST .../messages with the sender's own id for the message: a resend is stored once. */
  send(text: string, clientId: string): Promise<ChatMessage>;
  /** POST .../read: this member has seen the chat up to `messageId`. */
  markRead(messageId: string): Promise<unknown>;
  /**
   * Enters the deal's live room (false when refused, timed out or not connected). Without it the chat is never
   * `listening` and relies on its loads.
   */
  join?(): Promise<boolean>;
  /** GET .../messages?before=<id>: the page of older messages just before `before` (never marks read). */
  loadOlder?(before: string): Promise<ChatResponse>;
}

export type ChatHeader = Omit<ChatResponse, 'items' | 'hasMore' | 'hasOlder' | 'ok'>;

/**
 * A message of this member not yet confirmed by the server: `queued` (waiting for a connection; sent by itself
 * when one is back, in order), `pending` (being sent now), or `failed` for good (the server refused it: the chat
 * closed, a restriction, a block), with the reason. Sending again never stores it twice: it keeps its client id.
 */
export interface OutgoingMessage {
  clientId: string;
  text: string;
  state: 'queued' | 'pending' | 'failed';
  error?: unknown;
}

/** A message waiting to be sent, as kept across reloads. */
export interface QueuedMessage {
  clientId: string;
  text: string;
}

/** Where a chat keeps its unsent messages, so a reload (or a phone reopening the tab) still sends them. */
export interface OutboxStore {
  load(): QueuedMessage[];
  save(items: QueuedMessage[]): void;
}

/** The server refused a send because the chat has ended (409 `chat_closed`). */
export const isChatClosed = (error: unknown) => (error as { code?: unknown } | null)?.code === 'chat_closed';

/** Pauses between automatic attempts to send queued messages while no connection takes them: 2 s, 4 s, 8 s, then 15 s. */
export const OUTBOX_RETRY_MS = [2000, 4000, 8000, 15000] as const;

export interface ChatState {
  header: ChatHeader | null;
  /** Stored messages, each once, in sequence order. */
  messages: ChatMessage[];
  outbox: OutgoingMessage[];
  /** The other party has read every message up to this sequence number. */
  counterpartReadSeq: number;
  counterpartTyping: boolean;
  /** The last load failed (kept until one succeeds). */
  error: unknown;
  /** In the deal's live room since the last catch-up: pushes bring what is new (else the chat must poll). */
  listening: boolean;
  /** Older messages than the first shown exist (the chat opens with the newest page); `loadOlder` brings them. */
  hasOlder: boolean;
  olderState: 'idle' | 'loading' | 'failed';
}

/**
 * Whether a chat must poll (every 3 s while on screen): always while the live push is not live; while it is,
 * when the chat is open but not in its room (the join was refused or timed out) or its last load failed for a
 * reason that may pass, since then no push brings what it misses. A closed chat hears nothing new either way,
 * nor does one the server refused for good (403, 404: the page shows why).
 */
export function chatNeedsPoll(state: Pick<ChatState, 'header' | 'listening' | 'error'>, live: boolean): boolean {
  if (!live) return true;
  if (state.error) return isTransientFailure(state.error);
  const closed = state.header !== null && (state.header.closed || state.header.dealStatus === 'COMPLETED');
  return !closed && !state.listening;
}

/** A typing notice lasts this long unless renewed (a lost "stopped typing" must not stick). */
export const TYPING_VISIBLE_MS = 5000;

/** A random id for a message (crypto.randomUUID needs a secure context; plain http on a LAN address is not one). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}


/**
 * Deal state only moves forward (confirmations, then an end: completion or another): an older answer never undoes
 * a newer one, and an ended deal keeps how it ended.
 */
export function mergeHeader(current: ChatHeader | null, next: ChatHeader): ChatHeader {
  if (!current) return next;
  const ended = current.dealStatus !== 'IN_PROGRESS';
  return {
    ...next,
    ...(ended ? { dealStatus: current.dealStatus, endedBy: current.endedBy, endReason: current.endReason, endedAt: current.endedAt } : {}),
    closed: current.closed || next.closed,
    confirmations: {
      buyer: current.confirmations.buyer || next.confirmations.buyer,
      seller: current.confirmations.seller || next.confirmations.seller,
    },
  };
}

/** A chat before its first load. */
export const EMPTY_CHAT: ChatState = {
  header: null, messages: [], outbox: [], counterpartReadSeq: 0, counterpartTyping: false, error: null, listening: false,
  hasOlder: false, olderState: 'idle',
};
