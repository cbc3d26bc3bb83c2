import { create } from 'zustand';

/**
 * Counts shown as badges in the sidebar: unacknowledged open trade deals and unread chat messages.
 * The trade features fill them (by socket push, or polling while the socket is down).
 */
interface NavBadgeState {
  tradeAlerts: number;
  unreadChats: number;
  setTradeAlerts(count: number): void;
  setUnreadChats(count: number): void;
}

export const useNavBadgeStore = create<NavBadgeState>((set) => ({
  tradeAlerts: 0,
  unreadChats: 0,
  setTradeAlerts: (count) => set({ tradeAlerts: Math.max(0, count) }),
  setUnreadChats: (count) => set({ unreadChats: Math.max(0, count) }),
}));
