/**
 * Activates a waiting app version only at a safe moment: the staff grid is showing, manager mode is
 * closed, and nobody has touched the kiosk for a while. The outbox is in IndexedDB, so nothing
 * queued is lost by the reload.
 */
import { useEffect } from 'react';
import { useUiStore } from '../state/uiStore';

export const SAFE_UPDATE_QUIET_MS = 15_000;

export function useSafeUpdate(): void {
  const applyUpdate = useUiStore((s) => s.applyUpdate);
  const atRest = useUiStore((s) => s.flow.step === 'grid' && s.mode === 'kiosk');
  useEffect(() => {
    if (!applyUpdate || !atRest) return;
    let timer = setTimeout(() => void applyUpdate(), SAFE_UPDATE_QUIET_MS);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void applyUpdate(), SAFE_UPDATE_QUIET_MS);
    };
    window.addEventListener('pointerdown', restart, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', restart);
    };
  }, [applyUpdate, atRest]);
}
