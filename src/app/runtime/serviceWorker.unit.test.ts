/**
 * The app learns of a waiting version whichever way Chromium orders `updatefound` and the
 * registration's hand-over, and the offer activates exactly that version.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../state/uiStore';
import { requestsMayGo } from './requestHold';
import { SKIP_WAITING_REPEAT_MS, watchForWaitingVersion } from './serviceWorker';

vi.mock('virtual:pwa-register', () => ({ registerSW: () => () => Promise.resolve() }));

class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown): void {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState, registration: FakeRegistration): void {
    this.state = state;
    if (state === 'installed') {
      registration.installing = null;
      registration.waiting = this;
    }
    if (state === 'redundant' && registration.waiting === this) registration.waiting = null;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = new FakeWorker('activated');
  find(worker: FakeWorker): void {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

const watch = (registration: FakeRegistration) => watchForWaitingVersion(registration as unknown as ServiceWorkerRegistration);

describe('watchForWaitingVersion', () => {
  const container = new EventTarget();
  beforeEach(() => {
    useUiStore.getState().setApplyUpdate(null);
    vi.stubGlobal('navigator', { serviceWorker: container });
    vi.stubGlobal('window', { location: { reload: vi.fn() } });
  });
  afterEach(() => {
    // Ends what a test left waiting for the switch (its reload listener and its request hold).
    container.dispatchEvent(new Event('controllerchange'));
    vi.unstubAllGlobals();
  });

  it('offers a version found after the hand-over once it waits, and the offer activates it', async () => {
    const registration = new FakeRegistration();
    watch(registration);
    const next = new FakeWorker('installing');
    registration.find(next);
    expect(useUiStore.getState().applyUpdate).toBeNull();
    next.moveTo('installed', registration);
    const apply = useUiStore.getState().applyUpdate;
    expect(apply).not.toBeNull();
    await apply?.();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it("holds the page's requests from the ask until the new version controls the page", async () => {
    const registration = new FakeRegistration();
    watch(registration);
    const next = new FakeWorker('installing');
    registration.find(next);
    next.moveTo('installed', registration);
    let mayGo = false;
    void requestsMayGo().then(() => (mayGo = true));
    await vi.waitFor(() => expect(mayGo).toBe(true));

    await useUiStore.getState().applyUpdate?.();
    mayGo = false;
    void requestsMayGo().then(() => (mayGo = true));
    await Promise.resolve();
    expect(mayGo).toBe(false);
    container.dispatchEvent(new Event('controllerchange'));
    await vi.waitFor(() => expect(mayGo).toBe(true));
  });

  it('asks again while the version still waits, and stops once it moves on', async () => {
    vi.useFakeTimers();
    try {
      const registration = new FakeRegistration();
      watch(registration);
      const next = new FakeWorker('installing');
      registration.find(next);
      next.moveTo('installed', registration);
      await useUiStore.getState().applyUpdate?.();
      expect(next.messages).toHaveLength(1);
      vi.advanceTimersByTime(SKIP_WAITING_REPEAT_MS);
      expect(next.messages).toHaveLength(2);
      next.moveTo('activating', registration);
      vi.advanceTimersByTime(SKIP_WAITING_REPEAT_MS * 3);
      expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }, { type: 'SKIP_WAITING' }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers a version whose updatefound came before the hand-over (still installing then)', () => {
    const registration = new FakeRegistration();
    const next = new FakeWorker('installing');
    registration.find(next); // nobody listening yet
    watch(registration);
    expect(useUiStore.getState().applyUpdate).toBeNull();
    next.moveTo('installed', registration);
    expect(useUiStore.getState().applyUpdate).not.toBeNull();
  });

  it('offers a version whose installed state arrives before the registration names it waiting', () => {
    const registration = new FakeRegistration();
    watch(registration);
    const next = new FakeWorker('installing');
    registration.find(next);
    // The worker's statechange first; the registration's attributes follow on their own channel.
    next.state = 'installed';
    next.dispatchEvent(new Event('statechange'));
    expect(useUiStore.getState().applyUpdate).not.toBeNull();
    registration.installing = null;
    registration.waiting = next;
  });

  it('offers nothing for a first version whose installed state arrives before it is named active', () => {
    const registration = new FakeRegistration();
    registration.active = null;
    watch(registration);
    const first = new FakeWorker('installing');
    registration.find(first);
    first.state = 'installed';
    first.dispatchEvent(new Event('statechange'));
    expect(useUiStore.getState().applyUpdate).toBeNull();
  });

  it('offers a version already waiting at the hand-over', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker('installed');
    watch(registration);
    expect(useUiStore.getState().applyUpdate).not.toBeNull();
  });

  it('offers nothing for a first version, which activates without waiting', () => {
    const registration = new FakeRegistration();
    registration.active = null;
    watch(registration);
    const first = new FakeWorker('installing');
    registration.find(first);
    first.state = 'activating';
    registration.installing = null;
    first.dispatchEvent(new Event('statechange'));
    expect(useUiStore.getState().applyUpdate).toBeNull();
  });

  it('withdraws the offer when the waiting version is replaced before it takes over', () => {
    const registration = new FakeRegistration();
    watch(registration);
    const next = new FakeWorker('installing');
    registration.find(next);
    next.moveTo('installed', registration);
    expect(useUiStore.getState().applyUpdate).not.toBeNull();
    next.moveTo('redundant', registration);
    expect(useUiStore.getState().applyUpdate).toBeNull();
  });
});
