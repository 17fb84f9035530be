/**
 * Calls `onIdle` after `timeoutMs` without a touch, click or key press, while `active`, and says
 * when the last `warningMs` have begun, so the kiosk can warn first. A kiosk must never be left
 * showing someone's details, or half a PIN, to the next person.
 */
import { useEffect, useRef, useState } from 'react';

export const IDLE_TIMEOUT_MS = 30_000;
export const IDLE_WARNING_MS = 5_000;
const EVENTS = ['pointerdown', 'keydown', 'input', 'wheel'] as const;

/** Returns true while the warning period runs. */
export function useIdleTimeout(active: boolean, onIdle: () => void, timeoutMs = IDLE_TIMEOUT_MS, warningMs = IDLE_WARNING_MS): boolean {
  const callback = useRef(onIdle);
  const [warning, setWarning] = useState(false);
  useEffect(() => {
    callback.current = onIdle;
  });
  useEffect(() => {
    if (!active) return;
    let idleTimer: ReturnType<typeof setTimeout>;
    let warningTimer: ReturnType<typeof setTimeout>;
    const arm = () => {
      idleTimer = setTimeout(() => {
        setWarning(false);
        callback.current();
      }, timeoutMs);
      warningTimer = setTimeout(() => setWarning(true), Math.max(0, timeoutMs - warningMs));
    };
    const restart = () => {
      clearTimeout(idleTimer);
      clearTimeout(warningTimer);
      setWarning(false);
      arm();
    };
    arm();
    EVENTS.forEach((name) => window.addEventListener(name, restart, { passive: true }));
    return () => {
      clearTimeout(idleTimer);
      clearTimeout(warningTimer);
      setWarning(false);
      EVENTS.forEach((name) => window.removeEventListener(name, restart));
    };
  }, [active, timeoutMs, warningMs]);
  return active && warning;
}
