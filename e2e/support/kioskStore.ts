/**
 * The kiosk's own IndexedDB (`kiosk-clock`, src/offline/db.ts), read and written from inside the
 * page: the outbox, the entries needing attention, offline PIN verifiers, and the `meta` store
 * (the device's enrolment, the set-up flag). Each access first waits (up to ten seconds) until the
 * app has created the database: opening it before then would create an empty one of our own, without
 * the app's stores, which fails the access and stands in the way of the app's own schema.
 */
import { expect, type Page } from '@playwright/test';

const DATABASE_NAME = 'kiosk-clock';

/** An outbox record as stored (src/offline/records.ts), the parts the tests read. */
export interface StoredEntry {
  seq?: number;
  id: string;
  op: string;
  employeeId: number;
  body: { recordedTimeUtc?: string; [field: string]: unknown };
  createdAt: string;
  nextAttemptAt: number;
  attempts: Array<{ at: string; outcome: string; status?: number; code?: string; message?: string }>;
}

export interface StoredAttention extends StoredEntry {
  movedAt: string;
  status: number | null;
  code: string | null;
  message: string;
}

type StoreName = 'outbox' | 'attention' | 'pinVerifiers' | 'meta';

/** One request to a store: all its records, one record by key, or a put. */
type Access = { kind: 'getAll' } | { kind: 'get'; key: string } | { kind: 'put'; record: unknown };

export class KioskStore {
  constructor(readonly page: Page) {}

  private async access(store: StoreName, access: Access): Promise<unknown> {
    return this.page.evaluate(async ({ name, store: storeName, access: request }) => {
      // The page may have just been (re)loaded: the app opens its database a moment later.
      for (let waited = 0; !(await indexedDB.databases()).some((database) => database.name === name); waited += 50) {
        if (waited >= 10_000) throw new Error(`the app did not create its database ${name} within 10 s`);
        await new Promise((done) => setTimeout(done, 50));
      }
      return new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error ?? new Error('indexedDB.open failed'));
        open.onsuccess = () => {
          const db = open.result;
          try {
            const tx = db.transaction(storeName, request.kind === 'put' ? 'readwrite' : 'readonly');
            const objects = tx.objectStore(storeName);
            const done = request.kind === 'getAll' ? objects.getAll() : request.kind === 'get' ? objects.get(request.key) : objects.put(request.record);
            tx.oncomplete = () => {
              db.close();
              resolve(request.kind === 'put' ? undefined : done.result);
            };
            tx.onerror = () => {
              db.close();
              reject(tx.error ?? new Error(`${request.kind} on ${storeName} failed`));
            };
          } catch (error) {
            db.close();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
      });
    }, { name: DATABASE_NAME, store, access });
  }

  private async all<T>(store: StoreName): Promise<T[]> {
    return (await this.access(store, { kind: 'getAll' })) as T[];
  }

  outbox(): Promise<StoredEntry[]> {
    return this.all<StoredEntry>('outbox');
  }

  attention(): Promise<StoredAttention[]> {
    return this.all<StoredAttention>('attention');
  }

  /** Employees whose PIN this kiosk can check offline. */
  async verifiers(): Promise<number[]> {
    return (await this.all<{ employeeId: number }>('pinVerifiers')).map((v) => v.employeeId);
  }

  /** The value kept under `key` in `meta` (e.g. 'device', 'setupComplete'); undefined when there is no such row. */
  async meta<T = unknown>(key: string): Promise<T | undefined> {
    const row = (await this.access('meta', { kind: 'get', key })) as { value: T } | undefined;
    return row?.value;
  }

  async putMeta(key: string, value: unknown): Promise<void> {
    await this.access('meta', { kind: 'put', record: { key, value } });
  }
}

/** Waits until the tablet keeps the kiosk's badge mode `mode` (meta `badges`, read at its refresh). */
export async function expectKeptBadgeMode(page: Page, mode: string): Promise<void> {
  const store = new KioskStore(page);
  // The refresh runs in the background after enrolment; on a busy machine it has taken over 5 s.
  await expect.poll(() => store.meta<{ mode: string }>('badges').then((kept) => kept?.mode ?? null), { message: `the tablet keeps the badge mode ${mode}`, timeout: 30_000 }).toBe(mode);
}
