/** Adds messages not yet shown, in sequence order: a message is never lost or shown twice across resyncs. */
export function mergeMessages<T extends { _id: string; seq: number }>(current: T[], incoming: T[]): T[] {
  if (incoming.length === 0) return current;
  const known = new Set(current.map((message) => message._id));
  const fresh = incoming.filter((message) => !known.has(message._id));
  if (fresh.length === 0) return current;
  return [...current, ...fresh].sort((a, b) => a.seq - b.seq);
}
