import 'altcha/external';
import 'altcha/altcha.css';
import 'altcha/i18n/ko';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

// The external build ships no workers (so the page's CSP needs no blob: scripts); the server's challenges use
// PBKDF2/SHA-256, solved in a worker that Vite bundles as a file of this site.
globalThis.$altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());

interface AltchaElement extends HTMLElement {
  reset(): void;
}

export interface RobotCheckHandle {
  /** Clears a solved check (after a submit spent it or failed). */
  reset(): void;
}

interface AltchaWidgetProps {
  challengeUrl: string;
  /** The widget's payload once solved, null when it is cleared or expires. */
  onChange(token: string | null): void;
}

/** The ALTCHA proof-of-work checkbox: a click makes the browser do a second or two of work for the server. */
export const AltchaWidget = forwardRef<RobotCheckHandle, AltchaWidgetProps>(function AltchaWidget({ challengeUrl, onChange }, ref) {
  const element = useRef<AltchaElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useImperativeHandle(ref, () => ({ reset: () => element.current?.reset() }), []);

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const handleStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', handleStateChange);
    return () => widget.removeEventListener('statechange', handleStateChange);
  }, []);

  return <altcha-widget ref={element} challenge={challengeUrl} language="ko" name="captchaToken" data-testid="altcha-widget" />;
});
