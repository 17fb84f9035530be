/**
 * Calls `onIdle` after `timeoutMs` without a touch, click or key press, while `active`. A kiosk
 * must never be left showing someone's details, or half a PIN, to the next person.
 */
import { useEffect, useRef } from 'react';

export const IDLE_TIMEOUT_MS = 30_000;
const EVENTS = ['pointerdown', 'keydown', 'input', 'wheel'] as const;

export function useIdleTimeout(active: boolean, onIdle: () => void, timeoutMs = IDLE_TIMEOUT_MS): void {
  const callback = useRef(onIdle);
  useEffect(() => {
    callback.current = onIdle;
  });
  useEffect(() => {
    if (!active) return;
    let timer = setTimeout(() => callback.current(), timeoutMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => callback.current(), timeoutMs);
    };
    EVENTS.forEach((name) => window.addEventListener(name, restart, { passive: true }));
    return () => {
      clearTimeout(timer);
      EVENTS.forEach((name) => window.removeEventListener(name, restart));
    };
  }, [active, timeoutMs]);
}
