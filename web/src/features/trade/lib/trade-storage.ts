import type { OutboxStore, QueuedMessage } from '../chat/chat-state.js';
/**
 * The trade pages' own local-storage entries (docs/product/shell.md#local-storage-keys: last post time, last chat;
 * beyond it, each chat's unsent messages), under sal.trade names with the member's id, so a second account signed in on
 * the same browser sees neither the first one's cooldown nor its resume-chat banner. Storage failures (private mode,
 * quota) are ignored: these only make the pages friendlier.
 */
const LAST_POST_KEY = 'sal.trade.lastPostAt';
const LAST_CHAT_KEY = 'sal.trade.lastChat';
const OUTBOX_KEY = 'sal.trade.outbox';

/** The per-member key; the entries without one (before they were kept per member) belong to nobody we know. */
const keyFor = (base: string, userId: string) => `${base}:${userId}`;

export interface LastChat {
  postId: string;
  dealId: string;
  title: string;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not stored: the feature falls back to the server's answers.
  }
}

/** Drops the entries kept before they were per member: whose they were is not known. */
function dropUnkeyed(): void {
  try {
    localStorage.removeItem(LAST_POST_KEY);
    localStorage.removeItem(LAST_CHAT_KEY);
  } catch {
    // Nothing to drop without storage.
  }
}

/** When this member last posted from this browser (ms), for the cooldown countdown; null for no member. */
export function readLastPostAt(userId: string | undefined): number | null {
  if (!userId) return null;
  dropUnkeyed();
  const value = Number(read(keyFor(LAST_POST_KEY, userId)));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function writeLastPostAt(userId: string | undefined, at: number): void {
  if (userId) write(keyFor(LAST_POST_KEY, userId), String(at));
}

/** The chat this member opened last, for the list page's resume banner; null for no member. */
export function readLastChat(userId: string | undefined): LastChat | null {
  if (!userId) return null;
  dropUnkeyed();
  try {
    const value = JSON.parse(read(keyFor(LAST_CHAT_KEY, userId)) ?? 'null') as Partial<LastChat> | null;
    if (value && typeof value.postId === 'string' && typeof value.dealId === 'string') {
      return { postId: value.postId, dealId: value.dealId, title: typeof value.title === 'string' ? value.title : '' };
    }
  } catch {
    // A damaged entry is treated as none.
  }
  return null;
}

export function writeLastChat(userId: string | undefined, chat: LastChat): void {
  if (userId) write(keyFor(LAST_CHAT_KEY, userId), JSON.stringify(chat));
}

/**
 * A chat's messages written while offline and not yet stored (the chat's outbox), kept per member and deal so a
 * reload still sends them; none for no member. An entry that cannot be read counts as empty.
 */
export function chatOutboxStore(userId: string | undefined, dealId: string): OutboxStore {
  const key = userId ? `${OUTBOX_KEY}:${userId}:${dealId}` : null;
  return {
    load() {
      if (!key) return [];
      try {
        const value = JSON.parse(read(key) ?? '[]') as unknown;
        return Array.isArray(value)
          ? value.filter((item): item is QueuedMessage => typeof item?.clientId === 'string' && typeof item?.text === 'string')
          : [];
      } catch {
        return [];
      }
    },
    save(items: QueuedMessage[]) {
      if (!key) return;
      if (items.length > 0) write(key, JSON.stringify(items));
      else {
        try {
          localStorage.removeItem(key);
        } catch {
          // Nothing to remove without storage.
        }
      }
    },
  };
}
