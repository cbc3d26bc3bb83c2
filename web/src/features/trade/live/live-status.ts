import { create } from 'zustand';

/**
 * The live push's connection as the pages see it:
 * - `off`: nobody signed in (no socket);
 * - `connecting`: first handshake under way; `down`: lost, reconnecting with backoff;
 * - `syncing`: connected, catching up by REST before pushed events are trusted;
 * - `live`: connected and caught up: pushed events keep the pages current, nothing polls;
 * - `refused`: the server refused the handshake for good (the pages poll).
 */
export type LiveStatus = 'off' | 'connecting' | 'syncing' | 'live' | 'down' | 'refused';

interface TradeLiveState {
  status: LiveStatus;
  /** True only while `live`: the trade pages stop polling. */
  connected: boolean;
  setStatus(status: LiveStatus): void;
}

export const useTradeLiveStore = create<TradeLiveState>((set) => ({
  status: 'off',
  connected: false,
  setStatus: (status) => set({ status, connected: status === 'live' }),
}));

/** The polling interval for a trade view: `intervalMs` while the live push is not live, `false` (no polling) else. */
export function useTradePollInterval(intervalMs: number, enabled = true): number | false {
  const connected = useTradeLiveStore((state) => state.connected);
  return enabled && !connected ? intervalMs : false;
}
