/**
 * The self-hosted captcha (altcha proof of work). The widget's script loads on first use, in its
 * own chunk; the solved token (its payload) is reported up, and an empty string whenever it is no
 * longer valid. Changing `resetKey` starts it over (a token is accepted only once).
 */
import { Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { CAPTCHA_CHALLENGE_URL } from './api.ts';

interface AltchaElement extends HTMLElement {
  reset?: () => void;
}

export interface CaptchaWidgetProps {
  onToken(token: string): void;
  resetKey?: unknown;
}

export function CaptchaWidget({ onToken, resetKey }: CaptchaWidgetProps) {
  const ref = useRef<AltchaElement>(null);
  const [ready, setReady] = useState(false);
  const report = useRef(onToken);
  report.current = onToken;

  useEffect(() => {
    let live = true;
    void import('altcha').then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!ready || !element) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      report.current(state === 'verified' && payload ? payload : '');
    };
    element.addEventListener('statechange', onState);
    return () => element.removeEventListener('statechange', onState);
  }, [ready]);

  useEffect(() => {
    if (resetKey === undefined) return;
    ref.current?.reset?.();
    report.current('');
  }, [resetKey]);

  if (!ready) return <Loader size="sm" role="status" aria-label="Loading the captcha" />;
  return <altcha-widget ref={ref} challenge={CAPTCHA_CHALLENGE_URL} data-testid="captcha" />;
}
