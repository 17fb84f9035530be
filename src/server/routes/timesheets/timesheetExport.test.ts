/**
 * The timesheet CSV export (project-designed) through the real app and database: the exact text
 * for a small period with an overnight line, a line on the spring-forward day, quoting, the
 * status and period filters, the employee and location filters, and bad periods.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../../db/schema';
import { createTenant } from '../../testing/fixtures';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  t.clock.set('2026-04-02T12:00:00Z');
});
afterAll(() => t.close());

async function fixture() {
  const tenant = await createTenant(t);
  const auth = tenant.manager.auth;
  const [ada, ben] = tenant.employees.map((e) => e.id) as [number, number];
  await t.db.update(employees).set({ externalId: 'EMP-ADA' }).where(eq(employees.id, ada));
  await t.db.update(employees).set({ surname: 'Tester, Jr' }).where(eq(employees.id, ben));
  const id = async (path: string, json: unknown) => {
    const res = await t.request('POST', `${tenant.base}/${path}`, { auth, json });
    expect(res.status, res.text).toBe(200);
    return (res.body as { id: number }).id;
  };
  const locationId = await id('location', { name: 'Counter' });
  const workTypeId = await id('worktype', { name: 'Tills' });
  const line = (employeeId: number, startTime: string, endTime: string, extra: Record<string, unknown> = {}) =>
    id('timesheet', { employeeId, startTime, endTime, status: 'Approved', ...extra });
  const exportCsv = (query: string) => t.request('GET', `${tenant.base}/timesheet/export?${query}`, { auth });
  return { tenant, auth, ada, ben, locationId, workTypeId, line, exportCsv };
}

const HEADER = 'employeeExternalId,employeeId,employeeName,date,start,end,unpaidBreakMinutes,paidBreakMinutes,hours,location,workType,status,timesheetLineId,attestations';

describe('GET B/timesheet/export', () => {
  it('writes the approved and processed lines of the period, one row per line, in the documented layout', async () => {
    const f = await fixture();
    // Overnight (GMT), with a 30-minute unpaid break: 7.50 hours.
    const overnight = await f.line(f.ada, '2026-03-27T22:00:00', '2026-03-28T06:00:00', {
      locationId: f.locationId,
      workTypeId: f.workTypeId,
      breaks: [{ startTime: '2026-03-28T02:00:00', endTime: '2026-03-28T02:30:00' }],
    });
    // The spring-forward night: 00:30 GMT to 03:30 BST is 2 hours worked; a paid break counts as work.
    const springForward = await f.line(f.ada, '2026-03-29T00:30:00', '2026-03-29T03:30:00', {
      breaks: [{ startTime: '2026-03-29T00:45:00', endTime: '2026-03-29T00:55:00', isPaidBreak: true }],
    });
    const processed = await t.request('PUT', `${f.tenant.base}/timesheet/${springForward}`, {
      auth: f.auth,
      json: { startTime: '2026-03-29T00:30:00', endTime: '2026-03-29T03:30:00', breaks: [{ startTime: '2026-03-29T00:45:00', endTime: '2026-03-29T00:55:00', isPaidBreak: true }], status: 'Processed' },
    });
    expect(processed.status, processed.text).toBe(200);
    const benDay = await f.line(f.ben, '2026-03-28T09:00:00', '2026-03-28T17:15:00', { locationId: f.locationId });
    // Not exported: submitted, rejected, outside the period, another business's.
    await f.line(f.ada, '2026-03-28T09:00:00', '2026-03-28T10:00:00', { status: 'Submitted' });
    await f.line(f.ben, '2026-03-29T09:00:00', '2026-03-29T10:00:00', { status: 'Rejected' });
    await f.line(f.ada, '2026-03-30T09:00:00', '2026-03-30T10:00:00');
    await f.line(f.ada, '2026-03-26T23:00:00', '2026-03-27T01:00:00');
    const other = await fixture();
    await other.line(other.ada, '2026-03-28T09:00:00', '2026-03-28T10:00:00');

    const res = await f.exportCsv('FromDate=2026-03-27T00:00:00&ToDate=2026-03-29T00:00:00');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="timesheets-2026-03-27-2026-03-29.csv"');
    expect(res.text).toBe(
      [
        HEADER,
        `EMP-ADA,${f.ada},Ada Tester0,2026-03-27,22:00,06:00,30,0,7.50,Counter,Tills,Approved,${overnight},`,
        `EMP-ADA,${f.ada},Ada Tester0,2026-03-29,00:30,03:30,0,10,2.00,,,Processed,${springForward},`,
        `,${f.ben},"Ben Tester, Jr",2026-03-28,09:00,17:15,0,0,8.25,Counter,,Approved,${benDay},`,
        '',
      ].join('\r\n'),
    );

    const rows = async (query: string) => (await f.exportCsv(`FromDate=2026-03-27&ToDate=2026-03-29&${query}`)).text.trim().split('\r\n').slice(1);
    expect((await rows(`EmployeeId=${f.ben}`)).map((r) => r.split(',').at(-2))).toEqual([String(benDay)]);
    expect((await rows(`LocationId=${f.locationId}`)).map((r) => r.split(',').at(-2))).toEqual([String(overnight), String(benDay)]);
    expect(await rows(`EmployeeId=${other.ada}`)).toEqual([]);
    // The same period for one day only.
    expect((await f.exportCsv('FromDate=2026-03-29&ToDate=2026-03-29')).text.split('\r\n')).toHaveLength(3);
  });

  it('refuses a missing, backwards or too long period', async () => {
    const f = await fixture();
    expect((await f.exportCsv('ToDate=2026-03-29')).status).toBe(400);
    expect((await f.exportCsv('FromDate=yesterday&ToDate=2026-03-29')).status).toBe(400);
    const backwards = await f.exportCsv('FromDate=2026-03-29&ToDate=2026-03-28');
    expect(backwards.status).toBe(400);
    expect(backwards.headers.get('content-type')).toBe('application/problem+json');
    // At most 366 days, both ends included.
    expect((await f.exportCsv('FromDate=2025-01-01&ToDate=2026-01-02')).status).toBe(400);
    expect((await f.exportCsv('FromDate=2025-01-01&ToDate=2026-01-01')).status).toBe(200);
    expect((await f.exportCsv('FromDate=2025-01-01&ToDate=2025-12-31')).text).toBe(`${HEADER}\r\n`);
  });
});
