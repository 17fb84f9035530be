/**
 * Keeps the screen on while the kiosk screen shows (Screen Wake Lock API), taking the lock again
 * when the page becomes visible (browsers release it when hidden). Reports the lock's state.
 */
import { useEffect, useState } from 'react';

export type WakeLockState = 'unsupported' | 'active' | 'released' | 'denied';

export function useWakeLock(active: boolean): WakeLockState {
  const [state, setState] = useState<WakeLockState>('wakeLock' in navigator ? 'released' : 'unsupported');
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || sentinel) return;
      try {
        sentinel = await navigator.wakeLock.request('screen');
        if (cancelled) {
          await sentinel.release();
          return;
        }
        setState('active');
        sentinel.addEventListener('release', () => {
          sentinel = null;
          if (!cancelled) setState('released');
        });
      } catch {
        setState('denied');
      }
    };
    const onVisibility = () => void acquire();
    void acquire();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void sentinel?.release();
    };
  }, [active]);
  return state;
}
