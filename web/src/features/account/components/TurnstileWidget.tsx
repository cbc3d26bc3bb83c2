import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useThemeStore, resolveTheme } from '../../../stores/theme';
import type { RobotCheckHandle } from './AltchaWidget';

interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let scriptLoading: Promise<TurnstileApi> | undefined;

/** Loads Cloudflare's script once, only on pages that show the widget (and only when the server chose Turnstile). */
function loadTurnstile(): Promise<TurnstileApi> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    script.onerror = () => {
      scriptLoading = undefined;
      reject(new Error('turnstile script failed'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

interface TurnstileWidgetProps {
  siteKey: string;
  onChange(token: string | null): void;
  onUnavailable(): void;
}

/** Cloudflare Turnstile, used instead of ALTCHA when the server is configured with Turnstile keys. */
export const TurnstileWidget = forwardRef<RobotCheckHandle, TurnstileWidgetProps>(function TurnstileWidget(
  { siteKey, onChange, onUnavailable },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const callbacks = useRef({ onChange, onUnavailable });
  callbacks.current = { onChange, onUnavailable };
  const theme = resolveTheme(useThemeStore((state) => state.choice));

  useImperativeHandle(ref, () => ({
    reset: () => {
      if (widgetId.current) window.turnstile?.reset(widgetId.current);
      callbacks.current.onChange(null);
    },
  }), []);

  useEffect(() => {
    let cancelled = false;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !container.current) return;
        widgetId.current = turnstile.render(container.current, {
          sitekey: siteKey,
          theme,
          language: 'ko',
          callback: (token: string) => callbacks.current.onChange(token),
          'expired-callback': () => callbacks.current.onChange(null),
          'error-callback': () => callbacks.current.onChange(null),
        });
      },
      () => !cancelled && callbacks.current.onUnavailable(),
    );
    return () => {
      cancelled = true;
      if (widgetId.current) window.turnstile?.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, theme]);

  return <div ref={container} data-testid="turnstile-widget" />;
});
