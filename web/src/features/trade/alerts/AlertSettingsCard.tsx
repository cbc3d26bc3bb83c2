import { useState } from 'react';
import { tradeAlertsKo } from '../../../i18n/trade-alerts';
import { useAlertSettings } from './alert-settings';
import { unlockChime, playChime } from './chime';

const t = tradeAlertsKo;

/**
 * The member's alert choices (this browser only, off by default): a browser notification, asked of the browser
 * only when the member turns it on, and a sound.
 */
export function AlertSettingsCard({ className = 'trade-card' }: { className?: string }) {
  const settings = useAlertSettings((state) => state.settings);
  const change = useAlertSettings((state) => state.change);
  const [problem, setProblem] = useState<string | null>(null);
  const supported = typeof Notification !== 'undefined';

  const handleBrowser = async (wanted: boolean) => {
    setProblem(null);
    if (!wanted) {
      change({ browser: false });
      return;
    }
    if (!supported) {
      setProblem(t.unsupported);
      return;
    }
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') {
      setProblem(t.denied);
      return;
    }
    change({ browser: true });
  };
  const handleSound = (wanted: boolean) => {
    if (wanted) {
      unlockChime();
      // A first chime now: the member hears what it will sound like (and the browser lets it play).
      window.setTimeout(playChime, 50);
    }
    change({ sound: wanted });
  };

  return (
    <section className={className} data-testid="alert-settings">
      <h2>{t.settingsTitle}</h2>
      <p className="muted">{t.settingsHint}</p>
      <label className="trade-check">
        <input type="checkbox" role="switch" checked={settings.browser} onChange={(event) => void handleBrowser(event.target.checked)} />
        {t.browser}
      </label>
      <label className="trade-check">
        <input type="checkbox" role="switch" checked={settings.sound} onChange={(event) => handleSound(event.target.checked)} />
        {t.sound}
      </label>
      {problem && <p className="trade-error" role="alert">{problem}</p>}
    </section>
  );
}
