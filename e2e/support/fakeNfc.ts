/**
 * A stand-in for Web NFC (`NDEFReader`, Chrome on Android only) in desktop Chromium, installed
 * before the app's scripts run: it keeps every `write()` for the test to read (pending until the
 * test "holds a tag" to it, so the waiting state can be seen), lets the test hold a tag carrying
 * text or URL records to the tablet (a `reading` event on each reader still scanning), and says
 * how many readers are scanning. Only the browser's API is faked: the app, the service and the
 * database behind it are the real ones.
 */
import type { Page } from '@playwright/test';

export interface FakeNfcRecord {
  recordType: string;
  data: string;
  lang?: string;
  encoding?: string;
}

export interface FakeNfcWrite {
  records: FakeNfcRecord[];
  overwrite: boolean;
}

interface FakeNfcInPage {
  writes: FakeNfcWrite[];
  scanning(): number;
  finishWrite(): number;
  hold(records: FakeNfcRecord[]): number;
}

/** Installs the fake on every page the context opens from now on. */
export async function installFakeNfc(page: Page): Promise<FakeNfc> {
  await page.addInitScript(() => {
    type Pending = { resolve: () => void };
    const pending: Pending[] = [];
    const scans = new Map<EventTarget, AbortSignal | undefined>();
    const fake = {
      writes: [] as Array<{ records: Array<Record<string, string>>; overwrite: boolean }>,
      scanning: () => [...scans.values()].filter((signal) => !signal?.aborted).length,
      finishWrite: () => {
        const next = pending.shift();
        next?.resolve();
        return next ? 1 : 0;
      },
      hold: (records: Array<{ recordType: string; data: string; lang?: string; encoding?: string }>) => {
        let readers = 0;
        for (const [reader, signal] of scans) {
          if (signal?.aborted) continue;
          readers += 1;
          const event = new Event('reading');
          const ndefRecords = records.map((record) => ({
            recordType: record.recordType,
            mediaType: null,
            id: null,
            lang: record.lang ?? (record.recordType === 'text' ? 'en' : null),
            encoding: record.encoding ?? (record.recordType === 'text' ? 'utf-8' : null),
            data: new DataView(new TextEncoder().encode(record.data).buffer),
          }));
          Object.defineProperties(event, { serialNumber: { value: '04:a2:19:c2:55:6e:80' }, message: { value: { records: ndefRecords } } });
          reader.dispatchEvent(event);
        }
        return readers;
      },
    };
    class NDEFReader extends EventTarget {
      scan(options: { signal?: AbortSignal } = {}): Promise<void> {
        if (options.signal?.aborted) return Promise.reject(new DOMException('aborted', 'AbortError'));
        scans.set(this, options.signal);
        return Promise.resolve();
      }
      write(message: { records: Array<Record<string, string>> }, options: { overwrite?: boolean; signal?: AbortSignal } = {}): Promise<void> {
        fake.writes.push({ records: message.records.map((record) => ({ ...record })), overwrite: options.overwrite ?? true });
        return new Promise((resolve, reject) => {
          const entry = { resolve };
          pending.push(entry);
          options.signal?.addEventListener('abort', () => {
            pending.splice(pending.indexOf(entry), 1);
            reject(new DOMException('The write was cancelled', 'AbortError'));
          });
        });
      }
    }
    Object.defineProperty(window, 'NDEFReader', { value: NDEFReader, configurable: true, writable: true });
    Object.defineProperty(window, '__fakeNfc', { value: fake });
  });
  return new FakeNfc(page);
}

/** The test's side of the fake, on the page it was installed in. */
export class FakeNfc {
  constructor(private readonly page: Page) {}

  /** Every write the app asked for, in order. */
  writes(): Promise<FakeNfcWrite[]> {
    return this.page.evaluate(() => (window as unknown as { __fakeNfc: FakeNfcInPage }).__fakeNfc.writes);
  }

  /** How many readers are scanning now (not stopped). */
  scanning(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __fakeNfc: FakeNfcInPage }).__fakeNfc.scanning());
  }

  /** A tag held for the oldest write still waiting: it completes. Returns how many completed (0 or 1). */
  finishWrite(): Promise<number> {
    return this.page.evaluate(() => (window as unknown as { __fakeNfc: FakeNfcInPage }).__fakeNfc.finishWrite());
  }

  /** A tag carrying `records` held to the tablet; returns how many scanning readers saw it. */
  hold(records: FakeNfcRecord[]): Promise<number> {
    return this.page.evaluate((held) => (window as unknown as { __fakeNfc: FakeNfcInPage }).__fakeNfc.hold(held), records);
  }

  holdText(text: string): Promise<number> {
    return this.hold([{ recordType: 'text', data: text }]);
  }

  holdUrl(url: string): Promise<number> {
    return this.hold([{ recordType: 'url', data: url }]);
  }
}
