/**
 * One of everything a route's path can name, made through the API in a fresh tenant, and the values
 * the generated request tests put into paths and bodies. The route fuzz (http/malformedInput.test.ts)
 * and the enum tolerance test (http/enumTolerance.test.ts) both walk every route of the OpenAPI
 * document, so they share what the routes need to exist.
 */
import { expect } from 'vitest';
import { createTenant, type Tenant } from './fixtures';
import type { TestService } from './testService';

export interface RouteFixtures {
  tenant: Tenant;
  /** Ids of what was made: location, workType, employeeGroup, device, shift, note (+ timesheetLine). */
  ids: Record<string, number>;
  /** The value for a path parameter of a route template. */
  pathValue: (name: string, template: string) => string;
  /** A value that makes a body field valid and existing, where a random one would not. */
  hint: (field: string) => unknown;
}

export interface RouteFixtureOptions {
  /** In the e-mail a body may need (kept apart per test). */
  emailTag: string;
  /** Clock the shift off (a timesheet line to name) and make the PIN sealing key now, so later reads write nothing. */
  completeShift?: boolean;
}

export async function createRouteFixtures(t: TestService, options: RouteFixtureOptions): Promise<RouteFixtures> {
  const tenant = await createTenant(t, { employees: 3 });
  const ids: Record<string, number> = {};
  const auth = tenant.manager.auth;
  const create = async (path: string, json: unknown, key: string, pick: (body: Record<string, unknown>) => unknown = (b) => b.id) => {
    const res = await t.request('POST', `${tenant.base}${path}`, { auth, json });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    ids[key] = Number(pick(res.body as Record<string, unknown>));
  };
  await create('/location', { name: 'Depot' }, 'location');
  await create('/worktype', { name: 'Shop floor' }, 'workType');
  await create('/employeegroup', { name: 'Everyone' }, 'employeeGroup');
  await create(`/kiosk/${tenant.kioskId}/devices`, { name: 'Front tablet' }, 'device');
  const employeeId = tenant.employees[0]!.id;
  await create(`/kiosk/${tenant.kioskId}/clockon`, { employeeId }, 'shift', (b) => b.currentShiftId);
  await create(`/kiosk/${tenant.kioskId}/shift/${ids.shift}/notes`, { employeeId, note: 'Key is under the mat' }, 'note');
  if (options.completeShift) {
    await create(`/kiosk/${tenant.kioskId}/clockoff`, { employeeId }, 'ignored');
    const lines = await t.request('GET', `${tenant.base}/timesheet`, { auth });
    ids.timesheetLine = Number((lines.body as { id: number }[])[0]?.id);
    expect((await t.request('GET', `${tenant.kiosk}/pinseal`, { auth })).status).toBe(200);
  }

  const pathValue = (name: string, template: string): string => {
    const byName: Record<string, number | undefined> = {
      businessId: tenant.businessId,
      kioskId: tenant.kioskId,
      employeeId: tenant.employees[1]?.id,
      shiftId: ids.shift,
      noteId: ids.note,
      deviceId: ids.device,
      timesheetLineId: ids.timesheetLine,
    };
    if (name === 'id') {
      const owner = /\/(\w+)\/\{id\}/.exec(template)?.[1];
      const byOwner: Record<string, number | undefined> = {
        kiosk: tenant.kioskId,
        location: ids.location,
        worktype: ids.workType,
        employeegroup: ids.employeeGroup,
      };
      return String(byOwner[owner ?? ''] ?? 1);
    }
    return String(byName[name] ?? 1);
  };
  const hint = (field: string): unknown => {
    const values: Record<string, unknown> = {
      employeeId: tenant.employees[1]?.id,
      kioskId: tenant.kioskId,
      locationId: ids.location,
      workTypeId: ids.workType,
      email: `nobody-${options.emailTag}@example.test`,
      recordedStartTimeUtc: '2026-01-05T09:00:00Z',
      recordedEndTimeUtc: '2026-01-05T17:00:00Z',
    };
    return values[field];
  };
  return { tenant, ids, pathValue, hint };
}
