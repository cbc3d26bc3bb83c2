// How long a reader's lists get, on the account and in a visitor's browser alike, so a merge at login never
// exceeds them: a favourite over the limit is refused, the oldest recent view drops off. No imports.

export const READER_MARK_LIMITS = { favourites: 50, recent: 20 } as const;
