/**
 * Telling a member something new arrived while they look elsewhere
 * (docs/product/trade.md#browser-notification-and-sound): a browser notification and a sound, each off until the member
 * turns it on. Framework-free: the hook feeds it the badge counts, tests drive it.
 */

/** The counts a signal is about. */
export interface AlertCounts {
  /** Unopened applications on the member's own posts. */
  newApplications: number;
  unreadChats: number;
}

export type AlertKind = 'application' | 'message';

export interface AlertSettings {
  browser: boolean;
  sound: boolean;
}

/** Off until the member turns them on (and the browser asked for notifications after that click). */
export const ALERTS_OFF: AlertSettings = { browser: false, sound: false };

export interface AlertOutputs {
  settings(): AlertSettings;
  /** Shows a browser notification (only called with permission, while the page is not on screen). */
  notify(kind: AlertKind, counts: AlertCounts): void;
  chime(): void;
  /** Whether the member is looking at this page now. */
  isVisible(): boolean;
  /** Whether notifications were granted. */
  notificationsAllowed(): boolean;
  /** True for the one tab of the member that should signal this change (the others stay quiet). */
  claim(key: string): boolean;
}

/**
 * Watches the counts and signals when one grows: a new application, a new chat message. The first counts after
 * sign-in (or a reload) are where it starts, not news; a count that falls (read, acknowledged) says nothing. A
 * notification only when the page is not on screen (else the badges show it); the sound either way.
 */
export class AlertSignals {
  private last: AlertCounts | null = null;

  constructor(private readonly outputs: AlertOutputs) {}

  observe(counts: AlertCounts): void {
    const previous = this.last;
    this.last = counts;
    if (!previous) return;
    const kind: AlertKind | null = counts.newApplications > previous.newApplications ? 'application'
      : counts.unreadChats > previous.unreadChats ? 'message' : null;
    if (!kind) return;
    const settings = this.outputs.settings();
    if (!settings.browser && !settings.sound) return;
    if (!this.outputs.claim(`${kind}:${counts.newApplications}:${counts.unreadChats}`)) return;
    if (settings.browser && this.outputs.notificationsAllowed() && !this.outputs.isVisible()) this.outputs.notify(kind, counts);
    if (settings.sound) this.outputs.chime();
  }

  /** Signed out: the next member starts afresh. */
  reset(): void {
    this.last = null;
  }
}
