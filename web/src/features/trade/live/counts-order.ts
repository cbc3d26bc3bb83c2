/**
 * Counts about the member (open deals, unread messages) arrive by REST and by push, from any server process and
 * so possibly out of order. Each carries `asOf`, the database time it was read at; a count older than the
 * newest one applied is dropped. ISO times in the same format compare in time order as strings.
 */
const latest = new Map<'openDeals' | 'unread', string>();

/** True (and remembered) when a count of `kind` read at `asOf` is not older than the newest applied. */
export function acceptCounts(kind: 'openDeals' | 'unread', asOf: string | undefined): boolean {
  if (!asOf) return true;
  const previous = latest.get(kind);
  if (previous && asOf < previous) return false;
  latest.set(kind, asOf);
  return true;
}

/** Forgets the order (sign-out: the next member's counts start afresh). */
export function resetCounts(): void {
  latest.clear();
}
