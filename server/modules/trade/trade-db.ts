import type { Database, Transaction } from '../../db/client.js';
import type { TradeEvents } from './trade-events.js';

/** What every trade service needs: the database and where to announce what happened after commits. */
export interface TradeDeps {
  prisma: Database;
  events: TradeEvents;
}

/**
 * Runs `work` in one transaction. Waits for a pooled connection and for row locks generously: under a burst of
 * concurrent writes to one post (20 proposes, two confirms) requests queue on the post's lock rather than fail.
 */
export function inTransaction<T>(prisma: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return prisma.$transaction(work, { maxWait: 15_000, timeout: 15_000 });
}
