/**
 * Keeps the browser's Back button and history gestures inside the kiosk. The page keeps a few
 * entries of its own history above the one it was opened on; Back lands on one of them (a
 * `popstate`, same document, same address) and becomes `onBack()`: a step back within the flow, or
 * nothing. On an installed Android app, where Back from the first entry closes the app, it no
 * longer gets there.
 *
 * Chromium skips history entries a page added without a user activation when Back is pressed
 * (its history manipulation intervention), and after a Back only a new activation makes fresh
 * entries count. So the entries are topped up on every touch or key press, never inside the
 * `popstate` handler: a person can press Back GUARD_DEPTH times in a row without touching the
 * screen and stay in the app, and any touch refills them. The first entries are pushed before the
 * first paint (a layout effect), so there is no moment, however short, when the names are on screen
 * and Back would still leave; and every page load stacks its own set rather than trusting that the
 * ones a previous load pushed survived the reload. (Screen pinning or Guided Access, see the set-up's last step, takes
 * Back away altogether.)
 */
import { useEffect, useLayoutEffect, useRef } from 'react';

/** How many Back presses in a row, without a touch between, stay in the app. */
export const GUARD_DEPTH = 3;
const KEY = 'kioskBackGuard';

function depthOf(state: unknown): number {
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[KEY] : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

export function useBackStaysInKiosk(onBack: () => void): void {
  const callback = useRef(onBack);
  useEffect(() => {
    callback.current = onBack;
  });
  useLayoutEffect(() => {
    // The entries below this page's own (from before a reload) may or may not still be there, so
    // a page always stacks a full set of its own above the one it opened on.
    const floor = depthOf(history.state);
    let depth = floor;
    const topUp = () => {
      depth = depthOf(history.state);
      for (let next = depth + 1; next <= floor + GUARD_DEPTH; next += 1) history.pushState({ [KEY]: next }, '');
      depth = Math.max(depth, floor + GUARD_DEPTH);
    };
    const onPop = (event: PopStateEvent) => {
      const now = depthOf(event.state);
      const wentBack = now < depth;
      depth = now;
      if (wentBack) callback.current();
    };
    topUp();
    window.addEventListener('popstate', onPop);
    window.addEventListener('pointerdown', topUp, { capture: true, passive: true });
    window.addEventListener('keydown', topUp, { capture: true, passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pointerdown', topUp, { capture: true });
      window.removeEventListener('keydown', topUp, { capture: true });
    };
  }, []);
}
