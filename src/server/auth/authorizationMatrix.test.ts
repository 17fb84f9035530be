/**
 * Every route of the OpenAPI document x every kind of caller who should not reach business A's
 * kiosk A1: the owner of another business, a device of another kiosk, a restricted user of
 * another kiosk, a revoked device and an expired token. What each may do is derived from the
 * route's own access declaration (`x-access`, `x-callers`), never listed here; after every request
 * the database must be unchanged, and answers a caller may get must not carry kiosk A1's data.
 * Business A's manager (or, for device-only routes, a device of kiosk A1) makes the same request
 * inside a rolled-back transaction, proving each request would have reached real data.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess, RouteCallers } from '../../contract/routes/common';
import { NO_ROUNDING } from '../../domain/rounding';
import { buildOpenApiDocument } from '../app';
import { classifications, lineChanges, reportingDimensions } from '../db/schema';
import { revokeDevice } from '../services/kiosks/devices';
import { issueTokens, tokenSettings } from '../services/access/tokens';
import { listTables, watchWrites, type WriteWatch } from '../testing/databaseState';
import { addKiosk, addRestrictedUser, createTenant, enrolDeviceAuth, restrictedUserAuth, type Tenant } from '../testing/fixtures';
import { requestInRolledBackTransaction } from '../testing/rolledBack';
import { selfServiceAuth } from '../testing/selfServiceFixture';
import { bearer, startTestService, type ApiResult, type TestService } from '../testing/testService';

type Outsider = 'otherBusiness' | 'deviceOfOtherKiosk' | 'restrictedUserOfOtherKiosk' | 'revokedDevice' | 'expiredToken';
type Expectation = { denied: number } | 'scoped';

/** What the route's declaration lets each outsider do. */
function expectationFor(outsider: Outsider, access: RouteAccess, callers: RouteCallers | undefined): Expectation {
  if (outsider === 'revokedDevice' || outsider === 'expiredToken') return { denied: 401 };
  // Self-service: nobody but the employee's linked user; the employee "does not exist" for anyone else.
  if (access === 'self') return { denied: 404 };
  const isDevice = outsider === 'deviceOfOtherKiosk';
  if ((callers === 'users' && isDevice) || (callers === 'devices' && !isDevice)) return { denied: 403 };
  if (access === 'signedIn') return 'scoped';
  if (outsider === 'otherBusiness') return { denied: 404 };
  switch (access) {
    case 'kiosk':
    case 'admin':
      return { denied: 403 };
    case 'read':
      return isDevice ? { denied: 403 } : 'scoped';
    default:
      return 'scoped';
  }
}

/** A marker in kiosk A1's name: it must never appear in an answer to a caller of another kiosk. */
const KIOSK_A1_NAME = 'Kiosk A1 zq7x';

interface World {
  owner: Tenant;
  kioskA2: number;
  /** Path ids by name (a web hook registration's is a string). */
  ids: Record<string, number | string>;
  restrictedEmail: string;
  /** The positive controls: business A's manager, a device of kiosk A1, and the user linked to employee e1 (self-service). */
  insiders: { manager: string; deviceOfA1: string; selfOfE1: string };
  /** Callers refused on e1's self-service routes although tied to business A or to self-service (404). */
  notSelf: Record<string, string>;
  callers: Record<Outsider, string>;
}

let t: TestService;
let world: World;
let writes: WriteWatch;

async function buildWorld(): Promise<World> {
  const owner = await createTenant(t, { kiosk: { name: KIOSK_A1_NAME } });
  const auth = owner.manager.auth;
  const post = async (path: string, json: unknown) => {
    const res = await t.request('POST', path, { auth, json });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.body as { id: number; currentShiftId?: number };
  };
  const [e1] = owner.employees;
  const on = await post(`${owner.kiosk}/clockon`, { employeeId: e1!.id });
  const shiftId = on.currentShiftId ?? 0;
  const note = await post(`${owner.kiosk}/shift/${shiftId}/notes`, { employeeId: e1!.id, note: 'Till short', type: 'Shift', visibility: 'Visible' });
  await post(`${owner.kiosk}/clockoff`, { employeeId: e1!.id });
  const lines = await t.request('GET', `${owner.base}/timesheet`, { auth });
  const lineId = (lines.body as { id: number }[])[0]?.id ?? 0;
  const location = await post(`${owner.base}/location`, { name: 'Shop floor' });
  const workType = await post(`${owner.base}/worktype`, { name: 'Tills' });
  const group = await post(`${owner.base}/employeegroup`, { name: 'Weekend team' });
  const deviceA1 = await t.request('POST', `${owner.kiosk}/devices`, { auth, json: { name: 'A1 tablet' } });
  const deviceA1Body = deviceA1.body as { id: number; token: string };
  // An unverified offline punch by kiosk A1's device and its identity claim (project extension), for the claim routes.
  const claimedAt = new Date(t.clock.now().getTime() - 60_000).toISOString();
  const e2 = owner.employees[1]!;
  const deviceAuth = bearer(deviceA1Body.token);
  await t.request('POST', `${owner.kiosk}/clockon`, { auth: deviceAuth, json: { employeeId: e2.id, recordedTimeUtc: claimedAt } });
  const claim = await t.request('POST', `${owner.kiosk}/identityclaims`, {
    auth: deviceAuth,
    json: { employeeId: e2.id, punchKey: 'world-claim', punchKind: 'clockOn', recordedTimeUtc: claimedAt },
  });
  expect(claim.status, claim.text).toBe(200);
  // A forgotten clock-off correction (project extension) by the same device, for the correction routes.
  const correction = await t.request('POST', `${owner.kiosk}/shiftcorrections`, {
    auth: deviceAuth,
    json: { employeeId: e2.id, punchKey: 'world-correction', clockOffRecordedTimeUtc: claimedAt, statedFinishUtc: claimedAt },
  });
  expect(correction.status, correction.text).toBe(200);
  // My hours (project extension): e1 disputes their line from kiosk A1; a manager's line for e1 is a change they read.
  const dispute = await t.request('POST', `${owner.kiosk}/linedisputes`, {
    auth: deviceAuth,
    json: { employeeId: e1!.id, disputeKey: 'world-dispute', timesheetLineId: lineId, note: 'Wrong end', raisedUtc: claimedAt },
  });
  expect(dispute.status, dispute.text).toBe(200);
  const addedLine = await post(`${owner.base}/timesheet`, { employeeId: e1!.id, startTime: '2026-03-04T09:00:00', endTime: '2026-03-04T17:00:00' });
  const [lineChange] = await t.db.select({ id: lineChanges.id }).from(lineChanges).where(eq(lineChanges.timesheetLineId, addedLine.id));
  const kioskA2 = await addKiosk(t, owner, 'Kiosk A2');
  // A badge of e1 (project extension), for the revoke route.
  const badge = await t.request('POST', `${owner.kiosk}/badges`, { auth, json: { employeeIds: [e1!.id] } });
  expect(badge.status, badge.text).toBe(200);
  const badgeId = (badge.body as { badgeId: number }[])[0]?.badgeId ?? 0;
  // Badges accepted, so a device's badge check reaches the data (in `pin` mode it is refused unread).
  expect((await t.request('PUT', `${owner.base}/badgesettings`, { auth, json: { mode: 'badge' } })).status).toBe(200);
  // A web hook registration of business A's manager (its id is a string, kept as given).
  await post(`${owner.base}/webhookregistrations`, { id: 'Matrix-Hook', webHookUri: 'https://hooks.example.com/matrix' });
  const rosterShift = await post(`${owner.base}/rostershift?publish=true`, { employeeId: e1!.id, startTime: '2026-03-02T09:00:00', endTime: '2026-03-02T17:00:00' });

  // A member of business A (no kiosk rights), the target of the access routes' e-mail query.
  const { email: restrictedEmail } = await addRestrictedUser(t, owner);

  const other = await createTenant(t);
  // An award classification of business A (an AU concept: inserted directly, as business A is UK).
  const [classification] = await t.db.insert(classifications).values({ businessId: owner.businessId, description: 'Level 1' }).returning();
  const [dimension] = await t.db.insert(reportingDimensions).values({ businessId: owner.businessId, name: 'Department' }).returning();
  // Employee self-service: e1's own user, e2's (same business) and an employee's of the other business.
  const selfOfE1 = (await selfServiceAuth(t, owner, e1!.id)).auth;
  const selfOfE2 = (await selfServiceAuth(t, owner, e2.id)).auth;
  const selfElsewhere = (await selfServiceAuth(t, other, other.employees[0]!.id)).auth;
  const revoked = await t.request('POST', `${owner.kiosk}/devices`, { auth, json: { name: 'Stolen tablet' } });
  const revokedBody = revoked.body as { id: number; token: string };
  await revokeDevice(t.db, owner.businessId, owner.kioskId, revokedBody.id, t.clock.now());
  const past = new Date(t.clock.now().getTime() - 3 * 86_400_000);
  const expired = await issueTokens(t.db, owner.manager.userId, past, tokenSettings(t.settings));

  return {
    owner,
    kioskA2,
    ids: {
      businessId: owner.businessId,
      kioskId: owner.kioskId,
      employeeId: e1!.id,
      shiftId,
      noteId: note.id,
      timesheetLineId: lineId,
      deviceId: deviceA1Body.id,
      location: location.id,
      worktype: workType.id,
      employeegroup: group.id,
      kiosk: owner.kioskId,
      claimId: (claim.body as { id: number }).id,
      rosterShiftId: rosterShift.id,
      correctionId: (correction.body as { id: number }).id,
      disputeId: (dispute.body as { id: number }).id,
      lineChangeId: lineChange?.id ?? 0,
      webhookregistrations: 'Matrix-Hook',
      classification: classification?.id ?? 0,
      reportingdimension: dimension?.id ?? 0,
      userId: owner.manager.userId,
      badgeId,
    },
    restrictedEmail,
    insiders: { manager: auth, deviceOfA1: bearer(deviceA1Body.token), selfOfE1 },
    notSelf: { managerOfA: auth, deviceOfA1: bearer(deviceA1Body.token), selfOfE2, selfOfOtherBusiness: selfElsewhere },
    callers: {
      otherBusiness: other.manager.auth,
      deviceOfOtherKiosk: await enrolDeviceAuth(t, owner, kioskA2),
      restrictedUserOfOtherKiosk: await restrictedUserAuth(t, owner, [kioskA2]),
      revokedDevice: bearer(revokedBody.token),
      expiredToken: bearer(expired.accessToken),
    },
  };
}

/** Path with business A's real ids: `{id}` is read from the segment before it (`location/{id}`). */
function concretePath(template: string, ids: Record<string, number | string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string, offset: number) => {
    const segment = name === 'id' ? (template.slice(0, offset).split('/').at(-2) ?? '') : name;
    const value = ids[segment];
    if (value === undefined) throw new Error(`no test id for {${name}} in ${template}`);
    return String(value);
  });
}

/** A valid request body per operation; a route with a body and no sample fails the test. */
function sampleBody(operationId: string, w: World): unknown {
  const employeeId = w.ids.employeeId;
  const samples: Record<string, unknown> = {
    'business.createBusiness': { name: 'Another shop', ianaTimeZone: 'Europe/London' },
    'business.updateBusiness': { name: 'Renamed' },
    'businessAccess.assignBusinessAccess': { email: 'new-person@example.test', name: 'New', accessType: 'Restricted', suppressNotificationEmails: true },
    'businessAccess.updateDetailsOfAnAssociatedUser': { name: 'Renamed user' },
    'employee.createUnstructuredEmployee': { firstName: 'New', surname: 'Starter' },
    'devices.enrolDevice': { name: 'New tablet' },
    'devices.reportDeviceHealth': {
      queueDepth: 0,
      oldestUnsentUtc: null,
      lastSyncUtc: null,
      clockOffsetMs: 0,
      appVersion: 'test',
      storagePersisted: null,
      needsAttention: 0,
    },
    'kiosk.setStaffPin': { pin: '2468' },
    'kiosk.shifts': {},
    'kiosk.addNoteToShift': { employeeId, note: 'Outsider note', type: 'Shift', visibility: 'Visible' },
    'kiosk.markShiftNotesRead': { employeeId, noteIds: [w.ids.noteId], read: true },
    'kiosk.addAnEmployee': { firstName: 'Walk', surname: 'In', pin: '2580' },
    'kiosk.checkEmployee': { employeeId },
    'kiosk.createKiosk': { name: 'Outsider kiosk' },
    'kiosk.updateKiosk': { name: 'Renamed kiosk' },
    'kiosk.verifyKioskPin': { employeeId, pin: '0000' },
    'kiosk.changePin': { employeeId, oldPin: '0000', newPin: '2580' },
    'kiosk.sendPinResetEmail': { employeeId },
    'kiosk.sendPinResetSms': { employeeId },
    'kiosk.reportPinFailures': { employeeId, failedAttemptsUtc: [new Date(t.clock.now().getTime() - 60_000).toISOString()] },
    'kiosk.changePinSealed': { employeeId, keyId: 'pk_unknown', sealed: 'AAAA' },
    'kiosk.clockInEmployee': { employeeId },
    'kiosk.startBreak': { employeeId },
    'kiosk.endBreak': { employeeId },
    'kiosk.clockOutEmployee': { employeeId },
    'kiosk.discardCurrentShift': { employeeId },
    'kiosk.addCompleteShiftForEmployee': {
      employeeId,
      recordedStartTimeUtc: new Date(t.clock.now().getTime() - 30 * 3_600_000).toISOString(),
      recordedEndTimeUtc: new Date(t.clock.now().getTime() - 26 * 3_600_000).toISOString(),
    },
    'location.createLocation': { name: 'Outsider location' },
    'location.updateLocation': { name: 'Renamed location' },
    'workType.createWorkType': { name: 'Outsider work' },
    'workType.updateWorkType': { name: 'Renamed work' },
    'employeeGroup.createEmployeeGroup': { name: 'Outsider group' },
    'employeeGroup.updateEmployeeGroup': { name: 'Renamed group' },
    'settings.updateEmployeePortalSettings': { allowEmployeeShiftSelfService: true },
    'settings.updateTheTimesheetSettingsForTheBusiness': { requireWorkType: false },
    'kioskExtensions.updateKioskPreferences': { sounds: false },
    'shiftCorrections.submitShiftCorrection': {
      employeeId,
      punchKey: 'matrix-correction',
      clockOffRecordedTimeUtc: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      statedFinishUtc: new Date(t.clock.now().getTime() - 120_000).toISOString(),
    },
    'myHours.submitLineDispute': { employeeId, disputeKey: 'matrix-dispute', timesheetLineId: w.ids.timesheetLineId, note: 'Outsider dispute', raisedUtc: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    'myHours.markDisputeReplySeen': { employeeId },
    'myHours.acknowledgeLineChange': { employeeId },
    'myHours.resolveLineDispute': { reply: 'Outsider reply' },
    'timesheet.createTimesheetLine': { employeeId, startTime: '2026-03-02T09:00:00', endTime: '2026-03-02T17:00:00' },
    'timesheet.updateTimesheetLine': { employeeId, startTime: '2026-03-02T09:00:00', endTime: '2026-03-02T17:00:00' },
    'timesheet.bulkInsertTimesheets': { timesheets: { [String(employeeId)]: [{ startTime: '2026-03-03T09:00:00', endTime: '2026-03-03T17:00:00' }] } },
    'timesheet.updateReplaceTimesheets': {
      fromDate: '2026-03-01T00:00:00',
      toDate: '2026-03-07T00:00:00',
      timesheets: { [String(employeeId)]: [{ startTime: '2026-03-03T09:00:00', endTime: '2026-03-03T17:00:00' }] },
    },
    'timesheetExtensions.saveRoundingRules': NO_ROUNDING,
    'timesheetExtensions.saveBreakRules': { profile: 'UK', blockShortRest: false },
    'attestations.saveSettings': { rules: [{ question: 'MealBreak', askWhen: 'MealBreakMissed', hours: 0 }] },
    'attestations.writeWording': {
      question: 'Injury',
      text: 'Outsider question?',
      answers: [
        { answer: 'NoInjury', text: 'Fine' },
        { answer: 'Injured', text: 'Hurt' },
      ],
    },
    'locationRules.save': { breakRules: { profile: 'CA', blockShortRest: false }, attestations: null },
    'attestations.submit': {
      employeeId,
      punchKey: 'matrix-attestation',
      clockOffRecordedTimeUtc: new Date(t.clock.now().getTime() - 60_000).toISOString(),
      answers: [{ question: 'MealBreak', version: 1, answer: 'NotAble' }],
    },
    'rosterShift.createRosterShift': { employeeId, startTime: '2026-03-03T09:00:00', endTime: '2026-03-03T17:00:00' },
    'rosterShift.updateRosterShift': { employeeId, startTime: '2026-03-02T10:00:00', endTime: '2026-03-02T17:00:00' },
    'rosterShift.stubShiftTimesheets': { note: 'Outsider stub' },
    'webhook.registerWebHook': { webHookUri: 'https://hooks.example.com/outsider', headers: { 'X-Outsider': 'yes' } },
    'webhook.updateWebHookRegistration': { webHookUri: 'https://hooks.example.com/outsider', filters: ['ClockOn'] },
    'ess.clockInEmployee': { employeeId },
    'ess.startBreak': {},
    'ess.endBreak': {},
    'ess.clockOutEmployee': { employeeId: 0 },
    'ess.discardCurrentShift': {},
    'ess.shifts': {},
    'ess.addNoteToShift': { note: 'Outsider note', type: 'Shift', visibility: 'Visible' },
    'ess.markShiftNotesRead': { employeeId, noteIds: [w.ids.noteId], read: true },
    'selfService.invite': { emailAddress: 'someone-else@example.test' },
    'classificationExtensions.createClassification': { description: 'Level 2' },
    'reportingDimensionExtensions.createReportingDimension': { name: 'Outsider dimension', values: ['One'] },
    'managerPins.setMine': { pin: '480251' },
    'managerPins.signIn': { userId: w.owner.manager.userId, pin: '480251' },
    'staffAccess.setKioskAccess': { hasAccess: false },
    'badges.updateSettings': { mode: 'badge' },
    'badges.updateKioskSettings': { mode: 'badge-then-pin' },
    'badges.issue': { employeeIds: [employeeId] },
    'badges.check': { token: 'KCB1ABCDEFGHIJKLMNOPQRSTUVWXYZ234567' },
    'photos.updatePhotoPolicy': { retentionDays: 1, viewers: 'kioskManagers' },
    'photos.setPhotoExemption': { exempt: true },
    'photos.acknowledgePhotoNotice': { employeeId, acknowledgedUtc: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    'kioskExtensions.submitIdentityClaim': { employeeId, punchKey: 'matrix-claim', punchKind: 'clockOn', recordedTimeUtc: new Date(t.clock.now().getTime() - 60_000).toISOString() },
  };
  if (!(operationId in samples)) throw new Error(`no sample body for ${operationId}: add one to the authorization matrix`);
  return samples[operationId];
}

interface Operation {
  operationId: string;
  method: string;
  path: string;
  access: RouteAccess;
  callers: RouteCallers | undefined;
  hasBody: boolean;
  requiredQuery: string[];
}

function operations(): Operation[] {
  const document = buildOpenApiDocument();
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ['get', 'post', 'put', 'delete', 'patch'] as const) {
      const op = (item as Record<string, unknown>)[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const parameters = (op.parameters ?? []) as { in: string; name: string; required?: boolean }[];
      found.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        access: op['x-access'] as RouteAccess,
        callers: op['x-callers'] as RouteCallers | undefined,
        hasBody: op.requestBody !== undefined,
        requiredQuery: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
      });
    }
  }
  return found;
}

const OPERATIONS = operations().filter((op) => op.access !== 'public');
const OUTSIDERS: Outsider[] = ['otherBusiness', 'deviceOfOtherKiosk', 'restrictedUserOfOtherKiosk', 'revokedDevice', 'expiredToken'];
let casesRun = 0;

beforeAll(async () => {
  t = await startTestService();
  world = await buildWorld();
  writes = await watchWrites(t.db, await listTables(t.db));
});
afterAll(async () => {
  console.info(`authorization matrix: ${casesRun} cases over ${OPERATIONS.length} routes`);
  await t.close();
});

function requestOf(op: Operation) {
  // A valid value per required query parameter, so validation cannot answer before the access check.
  // Ids by name (kioskId: business A's kiosk A1, not some other business's kiosk 1).
  const value = (name: string) =>
    name === 'email' ? world.restrictedEmail : /date|time/i.test(name) ? '2026-03-02T00:00:00' : String(world.ids[name] ?? 1);
  const query = op.requiredQuery.map((name) => `${name}=${encodeURIComponent(value(name))}`).join('&');
  const path = concretePath(op.path, world.ids) + (query ? `?${query}` : '');
  const json = op.hasBody ? sampleBody(op.operationId, world) : undefined;
  return { path, json };
}

describe('the authorization matrix, generated from the route table', () => {
  it('covers every non-public route, each with a declared access', () => {
    expect(OPERATIONS.length).toBeGreaterThan(60);
    for (const op of OPERATIONS) expect(op.access, op.operationId).toBeDefined();
  });

  it.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))('%s: no outsider reads or writes', async (_, op) => {
    const { path, json } = requestOf(op);
    for (const outsider of OUTSIDERS) {
      const expected = expectationFor(outsider, op.access, op.callers);
      await writes.written();
      const res: ApiResult = await t.request(op.method, path, { auth: world.callers[outsider], json });
      casesRun += 1;
      const label = `${op.operationId} as ${outsider}: ${res.status} ${res.text.slice(0, 200)}`;
      if (op.access === 'signedIn' && op.method !== 'GET' && expected === 'scoped') {
        // Creating something of one's own (a business) is not a write into business A.
        expect(res.status, label).toBeLessThan(500);
        continue;
      }
      if (expected === 'scoped') {
        expect(res.status, label).toBeLessThan(500);
        expect(res.text, label).not.toContain(KIOSK_A1_NAME);
      } else {
        expect(res.status, label).toBe(expected.denied);
        expect(res.headers.get('content-type'), label).toBe('application/problem+json');
      }
      expect(await writes.written(), label).toEqual([]);
    }
    // Through the outsider's own kiosk, naming kiosk A1's resources (a shift, its notes, a device).
    if (op.path.includes('{kioskId}') && /\{(shiftId|noteId|deviceId)\}/.test(op.path)) {
      const ownKioskPath = concretePath(op.path, { ...world.ids, kioskId: world.kioskA2 });
      for (const outsider of ['deviceOfOtherKiosk', 'restrictedUserOfOtherKiosk'] as const) {
        await writes.written();
        const res = await t.request(op.method, ownKioskPath, { auth: world.callers[outsider], json });
        casesRun += 1;
        const label = `${op.operationId} as ${outsider} through kiosk A2: ${res.status} ${res.text.slice(0, 200)}`;
        const callerRefused = op.callers === 'users' && outsider === 'deviceOfOtherKiosk';
        expect(res.status, label).toBe(callerRefused ? 403 : 404);
        expect(res.text, label).not.toContain(KIOSK_A1_NAME);
        expect(await writes.written(), label).toEqual([]);
      }
    }
    // On e1's self-service routes, business A's own manager and device, e2's user and another business's
    // self-service user are refused alike: only e1's linked user gets through.
    if (op.access === 'self') {
      for (const [who, caller] of Object.entries(world.notSelf)) {
        await writes.written();
        const res = await t.request(op.method, path, { auth: caller, json });
        casesRun += 1;
        const label = `${op.operationId} as ${who}: ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, label).toBe(404);
        expect(await writes.written(), label).toEqual([]);
      }
    }
    // The owner's identical request (rolled back) reaches the data: the denials above were about the caller.
    const insider =
      op.access === 'self' ? world.insiders.selfOfE1 : op.callers === 'devices' ? world.insiders.deviceOfA1 : world.insiders.manager;
    const control = await requestInRolledBackTransaction(t, op.method, path, { auth: insider, json });
    expect([401, 403, 404], `${op.operationId} as owner: ${control.status} ${control.text.slice(0, 300)}`).not.toContain(control.status);
  });
});
