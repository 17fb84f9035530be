/**
 * The demo's messages are shown where a person reads them, through the real app: PIN resets by
 * e-mail at the demo kiosk are printed with their codes; a reset in another business is
 * never printed; messages from before the printer started are not repeated; nothing is marked sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { createTenant } from '../testing/fixtures';
import { basicAuth, startTestService, type TestService } from '../testing/testService';
import { demoMessageBlock, demoMessageJson, showDemoMessages, type DemoMessage } from './showDemoMessages';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDemo, type DemoFile } from './seedDemo';

let t: TestService;
let dataDir: string;
let demo: DemoFile;
beforeAll(async () => {
  t = await startTestService();
  dataDir = mkdtempSync(join(tmpdir(), 'demo-messages-'));
  t.clock.set('2026-11-25T14:00:00Z');
  demo = (await ensureDemo(t.db, t.service, { dataDir, baseUrl: 'http://127.0.0.1:1', ianaTimeZone: 'Europe/London', firstKioskId: () => Promise.resolve(0), now: t.clock.now() })).file;
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await t.close();
});

describe('the demo messages on the terminal', () => {
  it("prints the demo's PIN reset codes and nothing of another business", async () => {
    const reset = async (businessId: number, kioskId: number, auth: string, kind: 'emailreset' | 'smsreset', employeeId: number) => {
      const res = await t.request('POST', `/api/v2/business/${businessId}/kiosk/${kioskId}/${kind}`, { auth, json: { employeeId } });
      expect(res.status, res.text).toBe(200);
    };
    const oscar = demo.staff.find((s) => s.firstName === 'Oscar')!;
    const ruby = demo.staff.find((s) => s.firstName === 'Ruby')!;
    const amara = demo.staff.find((s) => s.firstName === 'Amara')!;
    // One before the printer starts: not printed (a restart does not repeat old messages).
    await reset(demo.businessId, demo.kioskId, basicAuth(demo.apiKey), 'emailreset', amara.employeeId);

    const printed: DemoMessage[] = [];
    const printer = await showDemoMessages({ db: t.db, businessIds: [demo.businessId], print: (m) => printed.push(m), logger: t.logger, manual: true });
    try {
      const other = await createTenant(t);
      await reset(other.businessId, other.kioskId, other.manager.auth, 'emailreset', other.employees[0]!.id);
      await reset(demo.businessId, demo.kioskId, basicAuth(demo.apiKey), 'emailreset', oscar.employeeId);
      await reset(demo.businessId, demo.kioskId, basicAuth(demo.apiKey), 'emailreset', ruby.employeeId);
      expect(await printer.runNow()).toBe(2);
      expect(await printer.runNow()).toBe(0);
    } finally {
      await printer.stop();
    }
    expect(printed.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'oscar.bell@demo.kiosk-clock.dev'],
      ['email', 'ruby.hughes@demo.kiosk-clock.dev'],
    ]);
    const code = /one-time code instead of your PIN: (\d{8})/.exec(printed[0]!.body)?.[1];
    expect(code).toBeDefined();
    const block = demoMessageBlock(printed[0]!);
    expect(block).toContain('E-mail to oscar.bell@demo.kiosk-clock.dev (demo: shown here)');
    expect(block).toContain(`Subject: Resetting your kiosk PIN for Harbour Street Bakery`);
    expect(block).toContain(code!);
    expect(JSON.parse(demoMessageJson(printed[1]!))).toMatchObject({ level: 'info', message: 'demo message', channel: 'email', recipient: 'ruby.hughes@demo.kiosk-clock.dev' });
    // A text (where a business allows them) is said to be one, and not sent: no SMS gateway here.
    const text = { channel: 'sms', recipient: '+44 7700 900112', subject: 'PIN', body: 'Harbour Street Bakery: code 12345678', createdAt: new Date() };
    expect(demoMessageBlock(text)).toContain('Text message to +44 7700 900112 (demo: shown here, not sent)\n\nHarbour Street Bakery: code 12345678\n');
    // Shown, not delivered: the rows stay for the mail sender (SMTP_URL) as before.
    const rows = await t.db.select({ sentAt: outbox.sentAt }).from(outbox);
    expect(rows.every((row) => row.sentAt === null)).toBe(true);
  });
});
