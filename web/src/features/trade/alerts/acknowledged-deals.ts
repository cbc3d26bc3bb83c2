/**
 * Acknowledged trade deals (docs/product/trade.md#acknowledging-a-deal): a list of deal ids kept in local storage,
 * added to when the acknowledge event fires for an open deal, pruned to the open deals on every fresh summary. The
 * badge is the open deals minus the acknowledged ones, never below zero.
 */
export const ACKNOWLEDGED_DEALS_KEY = 'sal.trade.acknowledgedDeals';
/** The window event that acknowledges a deal: `new CustomEvent(ACKNOWLEDGE_DEAL_EVENT, { detail: { dealId } })`. */
export const ACKNOWLEDGE_DEAL_EVENT = 'sal.trade.acknowledgeDeal';

/** The stored acknowledged deal ids (strings); a damaged entry counts as none. */
export function readAcknowledged(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(ACKNOWLEDGED_DEALS_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

function writeAcknowledged(ids: string[]): void {
  try {
    localStorage.setItem(ACKNOWLEDGED_DEALS_KEY, JSON.stringify(ids));
  } catch {
    // Without storage the badge simply counts every open deal.
  }
}

/** Drops acknowledgements of deals that are no longer open; returns what remains. */
export function pruneAcknowledged(openDealIds: readonly string[]): string[] {
  const open = new Set(openDealIds);
  const stored = readAcknowledged();
  const kept = stored.filter((id) => open.has(id));
  if (kept.length !== stored.length) writeAcknowledged(kept);
  return kept;
}

/** Records an acknowledgement of `dealId` if it is one of the open deals; false (ignored) otherwise. */
export function acknowledgeDeal(dealId: unknown, openDealIds: readonly string[]): boolean {
  if (typeof dealId !== 'string' || !dealId || !openDealIds.includes(dealId)) return false;
  const stored = readAcknowledged();
  if (!stored.includes(dealId)) writeAcknowledged([...stored, dealId]);
  return true;
}

/** The badge count: open deals not acknowledged, never below zero. */
export function unacknowledgedCount(openDealIds: readonly string[], acknowledged: readonly string[]): number {
  const seen = new Set(acknowledged);
  return Math.max(0, openDealIds.filter((id) => !seen.has(id)).length);
}
