import { describe, expect, it } from 'vitest';
import { ALERTS_OFF, AlertSignals, type AlertKind, type AlertSettings } from '../../../web/src/features/trade/alerts/alert-signals.js';

/** Signals with outputs the test controls: what was notified and chimed. */
function setup(initial: Partial<{ settings: AlertSettings; visible: boolean; allowed: boolean; claimed: boolean }> = {}) {
  const state = { settings: ALERTS_OFF, visible: false, allowed: true, claimed: true, ...initial };
  const notified: AlertKind[] = [];
  let chimes = 0;
  const signals = new AlertSignals({
    settings: () => state.settings,
    notify: (kind) => notified.push(kind),
    chime: () => {
      chimes += 1;
    },
    isVisible: () => state.visible,
    notificationsAllowed: () => state.allowed,
    claim: () => state.claimed,
  });
  return { signals, state, notified, chimes: () => chimes };
}

describe('AlertSignals: a notification and a sound when something new arrives, only when the member asked', () => {
  it('says nothing while both are off (the default)', () => {
    const { signals, notified, chimes } = setup();
    signals.observe({ newApplications: 0, unreadChats: 0 });
    signals.observe({ newApplications: 1, unreadChats: 3 });
    expect(notified).toEqual([]);
    expect(chimes()).toBe(0);
  });

  it('the first counts are where it starts, not news; a new application, then a new message, each signal once', () => {
    const { signals, notified, chimes } = setup({ settings: { browser: true, sound: true } });
    signals.observe({ newApplications: 2, unreadChats: 5 });
    expect(notified).toEqual([]);
    signals.observe({ newApplications: 3, unreadChats: 5 });
    signals.observe({ newApplications: 3, unreadChats: 6 });
    signals.observe({ newApplications: 3, unreadChats: 6 });
    // Counts falling (read, opened) are no news.
    signals.observe({ newApplications: 0, unreadChats: 0 });
    expect(notified).toEqual(['application', 'message']);
    expect(chimes()).toBe(2);
  });

  it('no notification while the page is on screen (the badges show it) or without permission; the sound still plays', () => {
    const { signals, state, notified, chimes } = setup({ settings: { browser: true, sound: true }, visible: true });
    signals.observe({ newApplications: 0, unreadChats: 0 });
    signals.observe({ newApplications: 1, unreadChats: 0 });
    state.visible = false;
    state.allowed = false;
    signals.observe({ newApplications: 2, unreadChats: 0 });
    expect(notified).toEqual([]);
    expect(chimes()).toBe(2);
  });

  it('another tab of the member that took the signal first keeps this one quiet', () => {
    const { signals, notified, chimes } = setup({ settings: { browser: true, sound: true }, claimed: false });
    signals.observe({ newApplications: 0, unreadChats: 0 });
    signals.observe({ newApplications: 1, unreadChats: 0 });
    expect(notified).toEqual([]);
    expect(chimes()).toBe(0);
  });
});
