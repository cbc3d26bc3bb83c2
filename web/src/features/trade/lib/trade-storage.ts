/**
 * The trade pages' own local-storage entries (§3 Local storage: last post time, last chat), under sal.trade
 * names. Storage failures (private mode, quota) are ignored: these only make the pages friendlier.
 */
const LAST_POST_KEY = 'sal.trade.lastPostAt';
const LAST_CHAT_KEY = 'sal.trade.lastChat';

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

/** When this browser last posted (ms), for the cooldown countdown. */
export function readLastPostAt(): number | null {
  const value = Number(read(LAST_POST_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export const writeLastPostAt = (at: number) => write(LAST_POST_KEY, String(at));

/** The chat opened last, for the list page's resume banner. */
export function readLastChat(): LastChat | null {
  try {
    const value = JSON.parse(read(LAST_CHAT_KEY) ?? 'null') as Partial<LastChat> | null;
    if (value && typeof value.postId === 'string' && typeof value.dealId === 'string') {
      return { postId: value.postId, dealId: value.dealId, title: typeof value.title === 'string' ? value.title : '' };
    }
  } catch {
    // A damaged entry is treated as none.
  }
  return null;
}

export const writeLastChat = (chat: LastChat) => write(LAST_CHAT_KEY, JSON.stringify(chat));
