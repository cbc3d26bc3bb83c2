import { ACKNOWLEDGE_DEAL_EVENT } from './acknowledged-deals';

/** Announces that the member looked at a deal (its chat is open), for the trade-alert badge. */
export function announceDealSeen(dealId: string): void {
  window.dispatchEvent(new CustomEvent(ACKNOWLEDGE_DEAL_EVENT, { detail: { dealId } }));
}
