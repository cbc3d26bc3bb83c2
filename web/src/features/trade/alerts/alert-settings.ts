import { create } from 'zustand';
import { ALERTS_OFF, type AlertSettings } from './alert-signals';

/** The member's alert choices, in this browser only: `sal.trade.alertSettings:<userId>`. */
const SETTINGS_KEY = 'sal.trade.alertSettings';

const keyFor = (userId: string) => `${SETTINGS_KEY}:${userId}`;

function read(userId: string | undefined): AlertSettings {
  if (!userId) return ALERTS_OFF;
  try {
    const value = JSON.parse(localStorage.getItem(keyFor(userId)) ?? 'null') as Partial<AlertSettings> | null;
    return { browser: value?.browser === true, sound: value?.sound === true };
  } catch {
    return ALERTS_OFF;
  }
}

interface AlertSettingsState {
  userId: string | undefined;
  settings: AlertSettings;
  /** Reads the signed-in member's choices (each member of a shared browser has their own). */
  load(userId: string | undefined): void;
  change(next: Partial<AlertSettings>): void;
}

export const useAlertSettings = create<AlertSettingsState>((set, get) => ({
  userId: undefined,
  settings: ALERTS_OFF,
  load: (userId) => set({ userId, settings: read(userId) }),
  change: (next) => {
    const { userId, settings } = get();
    const merged = { ...settings, ...next };
    set({ settings: merged });
    if (!userId) return;
    try {
      localStorage.setItem(keyFor(userId), JSON.stringify(merged));
    } catch {
      // Without storage the choice lasts for this visit.
    }
  },
}));
