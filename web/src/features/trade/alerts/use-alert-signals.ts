import { useEffect } from 'react';
import { tradeAlertsKo } from '../../../i18n/trade-alerts';
import { useNavBadgeStore } from '../../../stores/nav-badges';
import { useSessionStore } from '../../../stores/session';
import { setTitleAlertCount } from '../../../ui/hooks/use-document-title';
import { useAlertSettings } from './alert-settings';
import { AlertSignals, type AlertKind } from './alert-signals';
import { playChime, unlockChime } from './chime';

const t = tradeAlertsKo;
const CLAIM_KEY = 'sal.trade.lastAlert';
/** Tabs of one member hear the same pushes within a moment of each other; later claims in this window are duplicates. */
const CLAIM_WINDOW_MS = 3000;

/** One tab of the member takes each signal: the first to write it down. */
function claim(key: string): boolean {
  try {
    const last = JSON.parse(localStorage.getItem(CLAIM_KEY) ?? 'null') as { key?: string; at?: number } | null;
    if (last?.key === key && Date.now() - (last.at ?? 0) < CLAIM_WINDOW_MS) return false;
    localStorage.setItem(CLAIM_KEY, JSON.stringify({ key, at: Date.now() }));
  } catch {
    // Without storage every tab signals.
  }
  return true;
}

function notify(kind: AlertKind, counts: { unreadChats: number }): void {
  const body = kind === 'application' ? t.newApplication : t.newMessage(counts.unreadChats);
  // One notification at a time: a newer one replaces the older (same tag), also across tabs.
  const notification = new Notification(t.notifyTitle, { body, tag: 'sal-trade', icon: '/favicon.svg' });
  notification.onclick = () => {
    window.focus();
    window.location.assign(kind === 'application' ? '/trade/user?mine=1' : '/trade/chats');
  };
}

/**
 * The alerts a phone user sees beyond the drawer's badges: the unseen count before the tab title, and (when turned
 * on) a browser notification and a sound when an application or a chat message arrives. Mounted once, beside the
 * trade badges.
 */
export function useAlertSignals(): void {
  const userId = useSessionStore((state) => state.user?.userId);
  const loadSettings = useAlertSettings((state) => state.load);

  useEffect(() => loadSettings(userId), [userId, loadSettings]);

  useEffect(() => {
    const signals = new AlertSignals({
      settings: () => useAlertSettings.getState().settings,
      notify,
      chime: playChime,
      isVisible: () => document.visibilityState === 'visible',
      notificationsAllowed: () => typeof Notification !== 'undefined' && Notification.permission === 'granted',
      claim,
    });
    const show = (state: { tradeAlerts: number; unreadChats: number; newApplications: number }) => {
      setTitleAlertCount(state.tradeAlerts + state.unreadChats);
      signals.observe({ newApplications: state.newApplications, unreadChats: state.unreadChats });
    };
    show(useNavBadgeStore.getState());
    const stop = useNavBadgeStore.subscribe(show);
    // Browsers let a page play sound only after a touch: the first one of the visit wakes the chime if it is on.
    const handleTouch = () => useAlertSettings.getState().settings.sound && unlockChime();
    window.addEventListener('pointerdown', handleTouch, { once: true });
    return () => {
      stop();
      window.removeEventListener('pointerdown', handleTouch);
      setTitleAlertCount(0);
    };
  }, [userId]);
}
