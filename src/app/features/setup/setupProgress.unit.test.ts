/**
 * What the set-up flow keeps for a reload: progress read back only when it parses, the sign-in
 * sealed (never the token in readable form), dropped when expired, for another service, damaged or
 * sealed under another key; and where each kept progress starts the wizard.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { KioskDb } from '../../../offline/db';
import { initialWizard } from './resumeSetup';
import { forgetSetup, keepSignIn, readKeptSignIn, readProgress, saveProgress, type SessionStore } from './setupProgress';

class MemoryStore implements SessionStore {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  text(): string {
    return [...this.items.values()].join('\n');
  }
}

let counter = 0;
const freshDb = () => new KioskDb(`setup-progress-${(counter += 1)}`, { indexedDB: new IDBFactory(), IDBKeyRange });
const SERVICE = 'https://clock.example.com';
const TOKEN = 'access-token-7f3a9c';
const NOW = Date.parse('2026-11-27T10:00:00Z');

describe('set-up progress', () => {
  it('reads back what was saved, and nothing from damaged or foreign text', () => {
    const store = new MemoryStore();
    expect(readProgress(store)).toBeNull();
    const progress = { step: 'kiosk', serviceUrl: SERVICE, email: 'm@example.com', businessId: 4, kioskId: null } as const;
    saveProgress(progress, store);
    expect(readProgress(store)).toEqual(progress);

    store.setItem('kiosk-clock.setup.progress', '{"step":"install"');
    expect(readProgress(store)).toBeNull();
    expect(store.items.size, 'unreadable progress is removed').toBe(0);
    store.setItem('kiosk-clock.setup.progress', JSON.stringify({ ...progress, step: 'somewhere' }));
    expect(readProgress(store)).toBeNull();
  });

  it('starts the wizard where the progress was', () => {
    const at = (step: 'service' | 'signIn' | 'business' | 'kiosk' | 'device') => ({ step, serviceUrl: SERVICE, email: '', businessId: 1, kioskId: 2 });
    expect(initialWizard(null)).toEqual({ step: 'service' });
    expect(initialWizard(at('service'))).toEqual({ step: 'service' });
    expect(initialWizard(at('signIn'))).toEqual({ step: 'signIn', serviceUrl: SERVICE, resume: null, ended: false });
    for (const step of ['business', 'kiosk', 'device'] as const) {
      expect(initialWizard(at(step))).toEqual({ step: 'resuming', target: at(step), connection: null });
    }
  });
});

describe('the kept sign-in', () => {
  const signIn = { serviceUrl: SERVICE, email: 'm@example.com', accessToken: TOKEN, expiresAt: NOW + 3_600_000 };

  it('is kept sealed and read back while valid', async () => {
    const db = freshDb();
    const store = new MemoryStore();
    await keepSignIn(db, signIn, store);
    expect(store.text()).not.toContain(TOKEN);
    expect(store.text()).not.toContain(btoa(TOKEN));
    expect(await readKeptSignIn(db, SERVICE, NOW, store)).toEqual(signIn);
  });

  it('is dropped once expired, or for another service', async () => {
    const db = freshDb();
    const store = new MemoryStore();
    await keepSignIn(db, signIn, store);
    expect(await readKeptSignIn(db, 'https://other.example.com', NOW, store)).toBeNull();
    expect(store.items.size).toBe(0);
    await keepSignIn(db, signIn, store);
    expect(await readKeptSignIn(db, SERVICE, signIn.expiresAt, store)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('cannot be opened with another device’s key or after tampering', async () => {
    const store = new MemoryStore();
    await keepSignIn(freshDb(), signIn, store);
    expect(await readKeptSignIn(freshDb(), SERVICE, NOW, store), 'another database, another key').toBeNull();

    const db = freshDb();
    await keepSignIn(db, signIn, store);
    const record = JSON.parse(store.getItem('kiosk-clock.setup.signIn') ?? '{}') as { sealed: string };
    const bytes = Uint8Array.from(atob(record.sealed), (c) => c.charCodeAt(0));
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    store.setItem('kiosk-clock.setup.signIn', JSON.stringify({ ...record, sealed: btoa(String.fromCharCode(...bytes)) }));
    expect(await readKeptSignIn(db, SERVICE, NOW, store)).toBeNull();
  });

  it('goes with the progress when set-up ends', async () => {
    const db = freshDb();
    const store = new MemoryStore();
    saveProgress({ step: 'device', serviceUrl: SERVICE, email: '', businessId: 1, kioskId: 2 }, store);
    await keepSignIn(db, signIn, store);
    forgetSetup(store);
    expect(store.items.size).toBe(0);
  });
});
