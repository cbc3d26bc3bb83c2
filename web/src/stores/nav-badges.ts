import { create } from 'zustand';

/**
 * Counts shown as badges in the sidebar (unacknowledged open trade deals, unread chat messages) and the trade
 * list's new-applications banner (unopened applications on the member's own posts). The trade features fill them
 * (by socket push, or polling while the socket is down).
 */
interface NavBadgeState {
  tradeAlerts: number;
  unreadChats: number;
  newApplications: number;
  setTradeAlerts(count: number): void;
  setUnreadChats(count: number): void;
  setNewApplications(count: number): void;
}

export const useNavBadgeStore = create<NavBadgeState>((set) => ({
  tradeAlerts: 0,
  unreadChats: 0,
  newApplications: 0,
  setTradeAlerts: (count) => set({ tradeAlerts: Math.max(0, count) }),
  setUnreadChats: (count) => set({ unreadChats: Math.max(0, count) }),
  setNewApplications: (count) => set({ newApplications: Math.max(0, count) }),
}));
