/**
 * Enum values in requests are read as the vendor's .NET binder reads them (wireTypes.enumInput:
 * a member name in any case, or its 0-based number, as a JSON number or as digits), and answers
 * carry the canonical name. The first test is generated from the OpenAPI document: every query
 * parameter and body field holding a contract enum, at every route, gets each tolerant form of a
 * member and two values naming none. The others follow a value through to the answer, the
 * database and an OData filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../app';
import { EnumSites, refusedForms, tolerantForms, type EnumSite } from '../testing/enumSites';
import type { Tenant } from '../testing/fixtures';
import { OpenApiDocument, routesOf, type FuzzRequest } from '../testing/fuzzCases';
import { createRouteFixtures, type RouteFixtures } from '../testing/routeFixtures';
import { startTestService, type TestService } from '../testing/testService';

let t: TestService;
let tenant: Tenant;
let ids: Record<string, number>;
let pathValue: RouteFixtures['pathValue'];
let hint: RouteFixtures['hint'];

interface Answer {
  status: number;
  body: unknown;
}

async function send(request: FuzzRequest): Promise<Answer> {
  const res = await t.service.fetch(
    new Request(`http://127.0.0.1${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
    }),
  );
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body };
}

/**
 * The messages a 400 gives for the site's field (or an item of it). Inside a nullable model the
 * field is the model's and the message starts with the rest of the place (wireTypes.orNull).
 */
function messagesFor(answer: Answer, site: EnumSite): string[] {
  if (answer.status !== 400) return [];
  const errors = (answer.body as { errors?: { field: string; message: string }[] }).errors ?? [];
  const place = (e: { field: string; message: string }) => (e.message.includes(': ') ? `${e.field}.${e.message.split(': ')[0] ?? ''}` : e.field);
  const isSite = (field: string) => field === site.errorField || field.startsWith(`${site.errorField}.`);
  return errors.filter((e) => isSite(e.field) || isSite(place(e))).map((e) => e.message);
}

beforeAll(async () => {
  t = await startTestService();
  ({ tenant, ids, pathValue, hint } = await createRouteFixtures(t, { emailTag: 'enum' }));
});
afterAll(() => t.close());

describe('enum input as the vendor reads it (generated from the OpenAPI document)', () => {
  it('takes every enum at every route in any case and by number, and refuses other values naming the field and its members', { timeout: 300_000 }, async () => {
    const document = OpenApiDocument.parse(buildOpenApiDocument());
    const finder = new EnumSites(document, hint, pathValue);
    const sites = routesOf(document).flatMap((route) => finder.of(route));
    const failures: string[] = [];
    const reached = new Set<string>();
    for (const site of sites) {
      const label = `${site.route.method} ${site.route.template} ${site.where} ${site.errorField}`;
      // The last member: its number is not the default (0), so a form read as 0 would show.
      const index = site.members.length - 1;
      for (const form of tolerantForms(site.members, index, site.where)) {
        const answer = await send(finder.request(site, form, tenant.manager.auth));
        if (answer.status >= 500) failures.push(`${label} = ${JSON.stringify(form)}: answered ${answer.status}`);
        const blamed = messagesFor(answer, site);
        if (blamed.length > 0) failures.push(`${label} = ${JSON.stringify(form)} refused: ${blamed.join('; ')}`);
      }
      for (const form of refusedForms(site.members, site.where)) {
        const answer = await send(finder.request(site, form, tenant.manager.auth));
        // Refused before validation (the route's access rule): the site cannot be judged this way.
        if (answer.status === 403 || answer.status === 404) continue;
        reached.add(label);
        const blamed = messagesFor(answer, site);
        if (!blamed.some((message) => site.members.every((member) => message.includes(member)))) {
          failures.push(`${label} = ${JSON.stringify(form)}: wanted a 400 naming the field and its members, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        }
      }
    }
    console.info(`enum tolerance: ${sites.length} enum sites over ${new Set(sites.map((s) => s.route.template)).size} routes, ${reached.size} reached past access checks`);
    expect(sites.length).toBeGreaterThan(20);
    // Only self-service routes answer 404 to a manager before reading the query.
    expect(sites.filter((s) => !reached.has(`${s.route.method} ${s.route.template} ${s.where} ${s.errorField}`)).map((s) => s.route.template).filter((p) => !p.startsWith('/api/v2/ess/'))).toEqual([]);
    expect(failures).toEqual([]);
  });
});

describe('a tolerant enum value travels as its canonical name', () => {
  const get = (path: string) => t.request('GET', path, { auth: tenant.manager.auth });
  const post = (path: string, json: unknown) => t.request('POST', path, { auth: tenant.manager.auth, json });

  it('stores a note given by number and lower case, answers the names, and filters by either form', async () => {
    const employeeId = tenant.employees[0]!.id;
    const notes = `${tenant.kiosk}/shift/${ids.shift}/notes`;
    const added = await post(notes, { employeeId, note: 'Late delivery', type: 'clockon', visibility: 1 });
    expect(added.status, added.text).toBe(200);
    expect(added.body).toMatchObject({ type: 'ClockOn', visibility: 'Visible' });
    const id = (added.body as { id: number }).id;

    const filtered = await get(`${notes}?type=1&visibility=VISIBLE`);
    expect(filtered.status, filtered.text).toBe(200);
    expect((filtered.body as { id: number; type: string }[]).map((n) => [n.id, n.type])).toEqual([[id, 'ClockOn']]);
    const byName = await get(`${notes}?Type=CLOCKON&Visibility=1`);
    expect((byName.body as { id: number }[]).map((n) => n.id)).toEqual([id]);
  });

  it('refuses a number past the last member and an unknown name, naming the field and the members', async () => {
    const employeeId = tenant.employees[0]!.id;
    const notes = `${tenant.kiosk}/shift/${ids.shift}/notes`;
    const tooFar = await post(notes, { employeeId, note: 'x', visibility: 2 });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toMatchObject({ errors: [{ field: 'visibility', message: 'must be one of Hidden, Visible (in any case) or its number 0 to 1' }] });
    const unknown = await get(`${notes}?Type=Lunch`);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errors: [{ field: 'query.Type', message: 'must be one of Shift, ClockOn, ClockOff (in any case) or its number 0 to 2' }] });
  });

  it('reads work-type enums (and enum lists) in any form, and OData filter literals too', async () => {
    const created = await post(`${tenant.base}/worktype`, { name: 'Night rate', mappingType: 'SHIFTCONDITION', employmentTypes: ['fulltime', 2, '3'] });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ mappingType: 'ShiftCondition', employmentTypes: ['FullTime', 'PartTime', 'Casual'] });
    const id = (created.body as { id: number }).id;
    for (const literal of ["'shiftcondition'", "'ShiftCondition'", '3', "'3'"]) {
      const list = await get(`${tenant.base}/worktype?$filter=${encodeURIComponent(`mappingType eq ${literal}`)}`);
      expect(list.status, `${literal}: ${list.text}`).toBe(200);
      expect((list.body as { id: number }[]).map((w) => w.id), literal).toEqual([id]);
    }
    const refused = await get(`${tenant.base}/worktype?$filter=${encodeURIComponent("mappingType eq 'Overtime'")}`);
    expect(refused.status).toBe(400);
    const [error] = (refused.body as { errors: { field: string; message: string }[] }).errors;
    expect(error?.field).toBe('$filter');
    expect(error?.message).toContain('"mappingType" needs one of PayCategory, LeaveCategory, PrimaryPayCategory, ShiftCondition');
  });
});
