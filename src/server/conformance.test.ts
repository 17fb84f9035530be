/**
 * Contract conformance: proves, for every models.json operation the service implements, that the
 * method, path and response shapes match src/contract/reference/models.json.
 *
 * 1. Static: the service's own OpenAPI document (GET /api/v2/openapi.json) against models.json:
 *    method and path per operationId, request body property names, 200 response schema (JSON type
 *    per field, nullability, enum members, all fields required, nested models), query names.
 * 2. Live: a tenant with a location, work types (one a shift condition), an employee group and a
 *    clocked shift with a break and a note; every implemented operation with a response body is
 *    called and its actual JSON checked against models.json (testing/conformance/modelCheck.ts).
 *
 * Which operations exist is read from the OpenAPI document, so the test follows the service as
 * operations are added: a new operation is checked statically at once, and fails the live
 * coverage check until a live call for it is added below (or it is exempted with a reason).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { outbox } from './db/schema';
import { createEmployee } from './services/businesses/provisioning';
import { createTenant, type Tenant } from './testing/fixtures';
import { selfServiceAuth } from './testing/selfServiceFixture';
import { startTestService } from './testing/testService';
import { isValueType, jsonKindOf, loadContract, type OperationSpec, type TypeExpr } from './testing/conformance/contract';
import { regionOfCountry } from '../domain/regions';
import { checkResponse, checkValue } from './testing/conformance/modelCheck';
import { checkSchema, documentOperations, OpenApiDocument, propertyNames, type JsonSchema } from './testing/conformance/schemaCheck';

const contract = loadContract();
const contractOps = new Map(contract.operations.map((op) => [op.id, op]));

const t = await startTestService();
afterAll(() => t.close());

const served = await t.request('GET', '/api/v2/openapi.json');
if (served.status !== 200) throw new Error(`GET /api/v2/openapi.json answered ${served.status}: ${served.text}`);
const doc = OpenApiDocument.parse(served.body);
const docOps = documentOperations(doc);
const docById = new Map(docOps.map((op) => [op.operationId, op]));

const implemented = contract.operations.filter((op) => docById.has(op.id)).map((op) => op.id);
const notImplemented = contract.operations.filter((op) => !docById.has(op.id)).map((op) => op.id);
const serviceOnly = docOps.filter((op) => !contractOps.has(op.operationId)).map((op) => op.operationId);

/**
 * Contract operations implemented when this test was written. They must stay implemented: the
 * test adapts to what the document lists, so a route that silently lost its operationId would
 * otherwise just drop out of the checks.
 */
const KNOWN_IMPLEMENTED = [
  'kiosk.listKiosks', 'kiosk.createKiosk', 'kiosk.getKioskById', 'kiosk.updateKiosk', 'kiosk.deleteKiosk',
  'kiosk.listKioskStaff', 'kiosk.addAnEmployee', 'kiosk.employeeHasAccess', 'kiosk.checkEmployee',
  'kiosk.verifyKioskPin', 'kiosk.changePin', 'kiosk.sendPinResetEmail', 'kiosk.sendPinResetSms',
  'kiosk.getEmployeeLookupData', 'kiosk.clockInEmployee', 'kiosk.startBreak', 'kiosk.endBreak',
  'kiosk.clockOutEmployee', 'kiosk.discardCurrentShift', 'kiosk.addCompleteShiftForEmployee', 'kiosk.shifts',
  'kiosk.getShiftNotes', 'kiosk.addNoteToShift', 'kiosk.deleteNoteFromShift', 'kiosk.markShiftNotesRead',
  'auth.oauthToken', 'auth.revokeOauth2TokenRfc7009',
  'employee.listBasicDetailsForEmployees', 'employee.grantKioskAccess', 'employee.revokeKioskAccess',
  'employee.listEmployeeLocations', 'employee.getEmployeeShiftConditions', 'employee.getEmployeeWorkTypes',
  'businessAccess.listAllBusinessAccessUsers', 'businessAccess.assignBusinessAccess',
  'businessAccess.updateDetailsOfAnAssociatedUser', 'businessAccess.revokeBusinessAccess', 'businessAccess.getUserBusinessAccess',
  'location.listBusinessLocations', 'location.createLocation', 'location.getLocationById', 'location.updateLocation', 'location.deleteLocation',
  'workType.listWorkTypes', 'workType.createWorkType', 'workType.getWorkTypeById', 'workType.updateWorkType', 'workType.deleteWorkType',
  'timesheet.getBusinessTimesheets', 'timesheet.getTimesheetLine', 'timesheet.createTimesheetLine', 'timesheet.updateTimesheetLine',
  'timesheet.deleteTimesheetLine', 'timesheet.bulkInsertTimesheets', 'timesheet.updateReplaceTimesheets',
  'settings.getEmployeePortalSettings', 'settings.updateEmployeePortalSettings',
  'settings.getTheTimesheetSettingsForTheBusiness', 'settings.updateTheTimesheetSettingsForTheBusiness',
  'employeeGroup.listEmployeeGroups', 'employeeGroup.createEmployeeGroup', 'employeeGroup.getEmployeeGroupById',
  'employeeGroup.updateEmployeeGroup', 'employeeGroup.deleteEmployeeGroup',
  'rosterShift.getRosterShifts', 'rosterShift.createRosterShift', 'rosterShift.updateRosterShift',
  'rosterShift.findMatchingClockOnRosterShift', 'rosterShift.findMatchingClockOffRosterShift',
  'rosterShift.findNearbyRosterShifts', 'rosterShift.stubShiftTimesheets',
  'webhook.listWebHookRegistrations', 'webhook.registerWebHook', 'webhook.deleteAllWebHookRegistrations',
  'webhook.getWebHookRegistrationById', 'webhook.updateWebHookRegistration', 'webhook.deleteWebHookRegistration',
  'webhook.testWebHook',
  'ess.clockInEmployee', 'ess.startBreak', 'ess.endBreak', 'ess.clockOutEmployee', 'ess.discardCurrentShift', 'ess.shifts',
  'ess.getShiftNotes', 'ess.addNoteToShift', 'ess.markShiftNotesRead', 'ess.getLookupData', 'ess.getLocations',
  'ess.getWorkTypes', 'ess.getShiftConditions',
];

/** Operations the live part calls and checks (each call goes through `call` below). */
const LIVE_OPERATIONS = [
  'workType.createWorkType', 'workType.updateWorkType', 'workType.getWorkTypeById', 'workType.listWorkTypes',
  'location.createLocation', 'location.updateLocation', 'location.getLocationById', 'location.listBusinessLocations',
  'employeeGroup.createEmployeeGroup', 'employeeGroup.updateEmployeeGroup', 'employeeGroup.getEmployeeGroupById', 'employeeGroup.listEmployeeGroups',
  'kiosk.createKiosk', 'kiosk.updateKiosk', 'kiosk.getKioskById', 'kiosk.listKiosks',
  'kiosk.addAnEmployee', 'kiosk.listKioskStaff', 'kiosk.employeeHasAccess', 'kiosk.checkEmployee',
  'kiosk.verifyKioskPin', 'kiosk.changePin', 'kiosk.getEmployeeLookupData',
  'kiosk.clockInEmployee', 'kiosk.startBreak', 'kiosk.endBreak', 'kiosk.clockOutEmployee',
  'kiosk.addNoteToShift', 'kiosk.getShiftNotes', 'kiosk.shifts', 'kiosk.discardCurrentShift', 'kiosk.addCompleteShiftForEmployee',
  'timesheet.getBusinessTimesheets', 'timesheet.getTimesheetLine',
  'timesheet.createTimesheetLine', 'timesheet.updateTimesheetLine', 'timesheet.bulkInsertTimesheets', 'timesheet.updateReplaceTimesheets',
  'settings.getEmployeePortalSettings', 'settings.updateEmployeePortalSettings',
  'settings.getTheTimesheetSettingsForTheBusiness', 'settings.updateTheTimesheetSettingsForTheBusiness',
  'employee.listBasicDetailsForEmployees', 'employee.listEmployeeLocations', 'employee.getEmployeeWorkTypes', 'employee.getEmployeeShiftConditions',
  'businessAccess.listAllBusinessAccessUsers', 'businessAccess.getUserBusinessAccess',
  'rosterShift.createRosterShift', 'rosterShift.updateRosterShift', 'rosterShift.getRosterShifts',
  'rosterShift.findMatchingClockOnRosterShift', 'rosterShift.findMatchingClockOffRosterShift', 'rosterShift.findNearbyRosterShifts',
  'webhook.getWebHookRegistrationById', 'webhook.listWebHookRegistrations',
  'ess.clockInEmployee', 'ess.startBreak', 'ess.endBreak', 'ess.clockOutEmployee', 'ess.discardCurrentShift', 'ess.shifts',
  'ess.getShiftNotes', 'ess.addNoteToShift', 'ess.getLookupData', 'ess.getLocations', 'ess.getWorkTypes', 'ess.getShiftConditions',
];

/** Implemented operations with a response body that are deliberately not called live, with why. */
const NOT_LIVE: Record<string, string> = {};

function contractOp(id: string): OperationSpec {
  const op = contractOps.get(id);
  if (!op) throw new Error(`models.json has no operation ${id}`);
  return op;
}

const sorted = (names: Iterable<string>) => [...names].sort();

// ---------------------------------------------------------------------------------------------

describe('the checkers can fail', () => {
  const validKioskEmployee = {
    pinExpired: false,
    employeeId: 7,
    firstName: 'Ada',
    surname: 'Tester',
    name: 'Ada Tester',
    hasEmail: true,
    profileImageUrl: null,
    mobileNumber: null,
    status: 'ClockedOn',
    longShift: false,
    clockOnTimeUtc: '2026-06-01T07:00:00.000Z',
    breakStartTimeUtc: null,
    recordedTimeUtc: '2026-06-01T07:00:00Z',
    currentShiftId: 12,
    employeeGroupIds: [1, 2],
    employeeStartDate: '2026-01-05T00:00:00',
  };
  const check = (value: unknown) => checkResponse(contract, 'KioskEmployeeModel', value);

  it('models.json parses and every field type in it resolves', () => {
    expect(contract.operations).toHaveLength(91);
    for (const [model, fields] of Object.entries(contract.models)) {
      for (const [field, spec] of Object.entries(fields)) expect(() => contract.parseType(spec.type), `${model}.${field}`).not.toThrow();
    }
    for (const op of contract.operations) {
      for (const type of [op.request, op.response]) if (type) expect(() => contract.parseType(type), op.id).not.toThrow();
    }
    expect(() => contract.parseType('NoSuchModel')).toThrow(/unknown type/);
  });

  it('accepts a conforming value', () => {
    expect(check(validKioskEmployee)).toEqual([]);
    expect(checkResponse(contract, 'List<KioskEmployeeModel>', [validKioskEmployee, validKioskEmployee])).toEqual([]);
    expect(checkResponse(contract, 'bool', true)).toEqual([]);
  });

  it('rejects a missing field', () => {
    const { longShift: _dropped, ...missing } = validKioskEmployee;
    expect(check(missing)).toEqual([expect.stringContaining('$.longShift: missing')]);
  });

  it('rejects an extra field', () => {
    expect(check({ ...validKioskEmployee, pin: '1234' })).toEqual([expect.stringContaining('$.pin: extra key')]);
  });

  it('rejects a wrong JSON type', () => {
    expect(check({ ...validKioskEmployee, employeeId: '7' })).toEqual([expect.stringContaining('$.employeeId: expected int32')]);
    expect(check({ ...validKioskEmployee, employeeId: 7.5 })).toEqual([expect.stringContaining('$.employeeId: expected int32')]);
    expect(check({ ...validKioskEmployee, hasEmail: 'true' })).toEqual([expect.stringContaining('$.hasEmail: expected bool')]);
    expect(check({ ...validKioskEmployee, employeeGroupIds: [1, '2'] })).toEqual([expect.stringContaining('$.employeeGroupIds[1]: expected int32')]);
    expect(check({ ...validKioskEmployee, employeeGroupIds: 1 })).toEqual([expect.stringContaining('$.employeeGroupIds: expected List<int32>')]);
    expect(checkResponse(contract, 'List<KioskEmployeeModel>', validKioskEmployee)).toEqual([expect.stringContaining('expected List<KioskEmployeeModel>')]);
    expect(checkResponse(contract, 'bool', 'true')).toEqual([expect.stringContaining('expected bool')]);
  });

  it('rejects null in a non-nullable field (and in a value-type list element), but not in a nullable one', () => {
    expect(check({ ...validKioskEmployee, status: null })).toEqual([expect.stringContaining('$.status: null')]);
    expect(check({ ...validKioskEmployee, employeeGroupIds: [1, null] })).toEqual([expect.stringContaining('$.employeeGroupIds[1]: null')]);
    expect(check({ ...validKioskEmployee, currentShiftId: null, employeeGroupIds: null })).toEqual([]);
    expect(checkResponse(contract, 'KioskEmployeeModel', null)).toEqual([expect.stringContaining('$: null')]);
  });

  it('rejects a non-member enum value (and a flags value with a non-member)', () => {
    expect(check({ ...validKioskEmployee, status: 'Clockedon' })).toEqual([expect.stringContaining('is not a member of TimeAttendanceStatus')]);
    expect(check({ ...validKioskEmployee, status: 1 })).toEqual([expect.stringContaining('$.status: expected TimeAttendanceStatus')]);
    const access = { kiosks: [1], accessType: 'SpecificKiosks', permissions: 'ApproveTimesheets, AddEmployeeFromKiosk' };
    expect(checkResponse(contract, 'KioskAccessModel', access)).toEqual([]);
    expect(checkResponse(contract, 'KioskAccessModel', { ...access, permissions: 'ApproveTimesheets, FlyPlanes' })).toEqual([
      expect.stringContaining('non-members of UserPermission'),
    ]);
  });

  it('rejects bad date-times: not ISO-8601, not a real date, a *Utc instant without Z', () => {
    expect(check({ ...validKioskEmployee, employeeStartDate: '05/01/2026' })).toEqual([expect.stringContaining('not an ISO-8601 date-time')]);
    expect(check({ ...validKioskEmployee, employeeStartDate: '2026-02-30T00:00:00' })).toEqual([expect.stringContaining('not a real date-time')]);
    expect(check({ ...validKioskEmployee, clockOnTimeUtc: '2026-06-01T08:00:00+01:00' })).toEqual([expect.stringContaining("does not end in 'Z'")]);
    expect(check({ ...validKioskEmployee, clockOnTimeUtc: '2026-06-01T07:00:00' })).toEqual([expect.stringContaining("does not end in 'Z'")]);
  });

  it('checks nested models and lists of models recursively', () => {
    const shift = {
      id: 1, startTimeLocal: '2026-06-01T08:00:00', startTimeUtc: '2026-06-01T07:00:00Z', endTimeUtc: null, endTimeLocal: null,
      locationId: 0, locationFullyQualifiedName: null, workTypeId: null, workTypeName: null, kioskId: 3, kioskName: 'Front',
      timesheetLineId: null, employee: null, breaks: [], shiftConditions: null, dimensionValues: null,
    };
    expect(checkResponse(contract, 'List<UkTimeAndAttendanceShiftModel>', [shift])).toEqual([]);
    const badBreak = { ...shift, breaks: [{ startTimeUtc: '2026-06-01T09:00:00Z', startTimeLocal: '2026-06-01T10:00:00', endTimeUtc: null, endTimeLocal: null, isPaidBreak: 'no' }] };
    expect(checkResponse(contract, 'List<UkTimeAndAttendanceShiftModel>', [badBreak])).toEqual([expect.stringContaining('$[0].breaks[0].isPaidBreak: expected bool')]);
    const badEmployee = { ...shift, employee: { employeeId: 1 } };
    expect(checkResponse(contract, 'List<UkTimeAndAttendanceShiftModel>', [badEmployee]).length).toBeGreaterThan(5);
  });

  describe('the schema checker', () => {
    /** A correct OpenAPI 3.1 rendering of a contract type, components built on the side. */
    function render(type: TypeExpr, nullable: boolean, components: Record<string, JsonSchema>): JsonSchema {
      const orNull = (schema: JsonSchema): JsonSchema => (nullable ? { anyOf: [schema, { type: 'null' }] } : schema);
      switch (type.kind) {
        case 'primitive': {
          const kind = jsonKindOf(type);
          if (kind === 'any') return {};
          return { type: nullable ? [kind, 'null'] : kind };
        }
        case 'enum':
          components[type.name] = { type: 'string', enum: [...type.members] };
          return orNull({ $ref: `#/components/schemas/${type.name}` });
        case 'flags':
          return { type: nullable ? ['string', 'null'] : 'string' };
        case 'list':
          return { type: nullable ? ['array', 'null'] : 'array', items: render(type.of, false, components) };
        case 'map':
          return { type: nullable ? ['object', 'null'] : 'object', additionalProperties: render(type.of, false, components) };
        case 'model': {
          const fields = contract.models[type.name] ?? {};
          const properties: Record<string, JsonSchema> = {};
          components[type.name] = { type: 'object', properties, required: Object.keys(fields) };
          for (const [name, spec] of Object.entries(fields)) properties[name] = render(contract.parseType(spec.type), spec.nullable, components);
          return orNull({ $ref: `#/components/schemas/${type.name}` });
        }
      }
    }

    function fixture(mutate: (schemas: Record<string, JsonSchema>) => void = () => undefined, model = 'UkTimeAndAttendanceShiftModel') {
      const schemas: Record<string, JsonSchema> = {};
      const root = render(contract.parseType(model), false, schemas);
      mutate(schemas);
      const mini = OpenApiDocument.parse({ openapi: '3.1.0', paths: {}, components: { schemas } });
      return checkSchema(contract, mini, contract.parseType(model), false, root, 'response');
    }
    const props = (schemas: Record<string, JsonSchema>, name: string) => {
      const found = schemas[name]?.properties;
      if (!found) throw new Error(`no ${name}`);
      return found;
    };

    it('accepts a correct rendering (nullable refs as anyOf/oneOf with null)', () => {
      expect(fixture()).toEqual([]);
      expect(fixture((s) => (props(s, 'UkTimeAndAttendanceShiftModel').employee = { oneOf: [{ $ref: '#/components/schemas/BasicKioskEmployeeModel' }, { type: 'null' }] }))).toEqual([]);
    });

    it('rejects a missing, an extra and an optional property', () => {
      expect(fixture((s) => delete props(s, 'UkTimeAndAttendanceShiftModel').kioskName)).toEqual([expect.stringContaining('properties missing: kioskName')]);
      expect(fixture((s) => (props(s, 'TimeAndAttendanceBreakModel').secret = { type: 'string' }))).toEqual([
        expect.stringContaining('response.breaks[]: properties not in TimeAndAttendanceBreakModel: secret'),
      ]);
      expect(fixture((s) => s.BasicKioskEmployeeModel?.required?.pop())).toEqual([expect.stringContaining('properties not required: employeeStartDate')]);
    });

    it('rejects a wrong JSON type', () => {
      expect(fixture((s) => (props(s, 'UkTimeAndAttendanceShiftModel').kioskId = { type: 'number' }))).toEqual([expect.stringContaining('response.kioskId: int32 should be JSON integer')]);
      expect(fixture((s) => (props(s, 'UkTimeAndAttendanceShiftModel').breaks = { type: ['object', 'null'] }))).toEqual([
        expect.stringContaining('response.breaks: List<TimeAndAttendanceBreakModel> should be JSON array'),
        expect.stringContaining('has no items schema'),
      ]);
    });

    it('rejects wrong nullability, reading allOf as an intersection', () => {
      expect(fixture((s) => (props(s, 'UkTimeAndAttendanceShiftModel').kioskId = { type: ['integer', 'null'] }))).toEqual([
        expect.stringContaining('response.kioskId: not nullable in models.json, the schema admits null'),
      ]);
      expect(fixture((s) => (props(s, 'UkTimeAndAttendanceShiftModel').workTypeId = { type: 'integer' }))).toEqual([
        expect.stringContaining('response.workTypeId: nullable in models.json, the schema does not admit null'),
      ]);
      // allOf [X, {type: [object, null]}] admits only what X admits: no null.
      expect(fixture((s) => (props(s, 'UkTimeAndAttendanceShiftModel').employee = { allOf: [{ $ref: '#/components/schemas/BasicKioskEmployeeModel' }, { type: ['object', 'null'] }] }))).toEqual([
        expect.stringContaining('response.employee: nullable in models.json, the schema does not admit null'),
      ]);
      // oneOf [X-or-null, null]: null matches both branches, so oneOf refuses it.
      expect(
        fixture((s) => {
          s.BasicKioskEmployeeModel = { ...s.BasicKioskEmployeeModel, type: ['object', 'null'] };
          props(s, 'UkTimeAndAttendanceShiftModel').employee = { oneOf: [{ $ref: '#/components/schemas/BasicKioskEmployeeModel' }, { type: 'null' }] };
        }),
      ).toEqual([expect.stringContaining('response.employee: nullable in models.json, the schema does not admit null')]);
      // A nullable component leaks null into non-nullable uses: a top-level response here.
      expect(fixture((s) => (s.UkTimeAndAttendanceShiftModel = { ...s.UkTimeAndAttendanceShiftModel, type: ['object', 'null'] }))).toEqual([
        expect.stringContaining('response: not nullable in models.json, the schema admits null'),
      ]);
    });

    it('checks map values, and rejects a map without a value schema', () => {
      const model = 'UkSubmitTimesheetsResponse';
      expect(fixture(undefined, model)).toEqual([]);
      expect(fixture((s) => delete props(s, 'UkIndividualTimesheetLineModel').id, model)).toEqual([
        expect.stringContaining('response.timesheets{}[]: UkIndividualTimesheetLineModel properties missing: id'),
      ]);
      expect(fixture((s) => (props(s, model).timesheets = { type: ['object', 'null'] }), model)).toEqual([
        expect.stringContaining('response.timesheets: Map<string,List<UkIndividualTimesheetLineModel>> needs an additionalProperties schema'),
      ]);
    });

    it('rejects an enum with a missing or an extra member', () => {
      expect(fixture((s) => (s.TimeAttendanceStatus = { type: 'string', enum: ['NotClockedOn', 'ClockedOn', 'OnBreak'] }))).toEqual([
        expect.stringContaining('response.employee.status: enum lacks TimeAttendanceStatus member(s) ClockedOff'),
      ]);
      expect(fixture((s) => (s.TimeAttendanceStatus = { type: 'string', enum: ['NotClockedOn', 'ClockedOn', 'OnBreak', 'ClockedOff', 'Away'] }))).toEqual([
        expect.stringContaining('non-member(s) of TimeAttendanceStatus: "Away"'),
      ]);
      expect(fixture((s) => (s.TimeAttendanceStatus = { type: 'string' }))).toEqual([expect.stringContaining('has no enum')]);
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('static: the OpenAPI document against models.json', () => {
  it('is an OpenAPI 3.1 document with unique operationIds', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const ids = docOps.map((op) => op.operationId);
    expect(ids.filter((id) => id === '')).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('implements the kiosk group and every operation known to be implemented', () => {
    console.info(
      [
        `Contract operations implemented (${implemented.length}/${contract.operations.length}):`,
        ...implemented.map((id) => `  + ${id}`),
        `Contract operations not implemented (${notImplemented.length}):`,
        ...notImplemented.map((id) => `  - ${id}`),
        `Service-only operations (not in models.json, not checked): ${serviceOnly.join(', ')}`,
      ].join('\n'),
    );
    expect(sorted([...implemented, ...notImplemented])).toEqual(sorted(contractOps.keys()));
    const kiosk = contract.operations.filter((op) => op.group === 'kiosk').map((op) => op.id);
    expect(kiosk).toHaveLength(25);
    expect(kiosk.filter((id) => !implemented.includes(id))).toEqual([]);
    expect(KNOWN_IMPLEMENTED.filter((id) => !implemented.includes(id))).toEqual([]);
  });

  for (const op of contract.operations) {
    const found = docById.get(op.id);
    if (!found) {
      // Every operation of the contract is built: one that goes missing fails here.
      it(`${op.id}: ${op.method} ${op.path}`, () => {
        expect.fail(`${op.id} is in the contract but not in the OpenAPI document`);
      });
      continue;
    }
    it(`${op.id}: ${op.method} ${op.path}`, () => {
      expect({ method: found.method, path: found.path }).toEqual({ method: op.method, path: op.path });

      const missingQuery = op.query.map((q) => q.name).filter((name) => !found.queryNames.includes(name));
      expect(missingQuery, 'query parameters of models.json missing from the document').toEqual([]);

      // A route with regional variants documents every region's type as one branch of an anyOf.
      const variants = op.variantDiffs ?? {};
      expect(regionalVariantsOf(found), 'x-regional-variants against models.json variantDiffs').toEqual(variants);
      const requests = Object.values(variants).flatMap((v) => (v.request ? [v.request] : []));
      const responses = Object.values(variants).flatMap((v) => (v.response ? [v.response] : []));

      if (op.request) {
        expect(found.requestSchema, 'application/json request body').toBeDefined();
        for (const type of [op.request, ...requests]) {
          const fields = contract.models[type];
          expect(fields, `request ${type} is a model`).toBeDefined();
          const schema = found.requestSchema && (requests.length > 0 ? branchFor(found.requestSchema, type) : found.requestSchema);
          expect(schema, `the body's schema for ${type}`).toBeDefined();
          if (schema && fields) expect(sorted(propertyNames(doc, schema)), type).toEqual(sorted(Object.keys(fields)));
        }
      }

      if (op.response) {
        expect(found.responseSchema, 'application/json schema of the 200 response').toBeDefined();
        for (const type of [op.response, ...responses]) {
          const schema = found.responseSchema && (responses.length > 0 ? branchFor(found.responseSchema, type) : found.responseSchema);
          expect(schema, `the answer's schema for ${type}`).toBeDefined();
          if (schema) expect(checkSchema(contract, doc, contract.parseType(type), false, schema, `${op.id} 200 ${type}`)).toEqual([]);
        }
      }
    });
  }
});

/** The operation's `x-regional-variants` (src/contract/routes/define.ts), as models.json writes variantDiffs. */
function regionalVariantsOf(op: { path: string; method: string }): unknown {
  const item = doc.paths[op.path]?.[op.method.toLowerCase()];
  return z.object({ 'x-regional-variants': z.unknown().optional() }).parse(item)['x-regional-variants'] ?? {};
}

/**
 * The anyOf branch of a regional route's schema that stands for one contract type: `{$ref}` of a
 * model, or an array of one. Undefined when no branch does (the type is not documented).
 */
function branchFor(schema: JsonSchema, type: string): JsonSchema | undefined {
  const list = /^List<(.+)>$/.exec(type);
  const ref = (name: string) => `#/components/schemas/${name}`;
  return (schema.anyOf ?? []).find((branch) =>
    list?.[1] ? branch.type === 'array' && branch.items?.$ref === ref(list[1]) : branch.$ref === ref(type) || branch.$ref === ref(`${type}Input`),
  );
}

// ---------------------------------------------------------------------------------------------

const Id = z.object({ id: z.number().int() });
const IdList = z.array(Id);
const Punched = z.object({ currentShiftId: z.number().int().nullable() });

/**
 * The live part runs for a business of each region (GB, AU, NZ, SG, MY): every answer is
 * checked against the type models.json gives its region (variantDiffs), so each regional answer
 * of the route table is checked as the contract writes it, not from a hand-picked list.
 */
for (const country of ['GB', 'AU', 'NZ', 'SG', 'MY'] as const) {
const region = regionOfCountry(country);
describe(`live (${country} business, ${region} models): actual responses against models.json`, () => {
  const exercised = new Set<string>();
  let tenant: Tenant;
  const state = {
    picking: 0,
    night: 0,
    warehouse: 0,
    bay: 0,
    group: 0,
    kiosk: 0,
    hiro: { id: 0, pin: '2580' },
    added: 0,
    shiftId: 0,
  };

  beforeAll(async () => {
    t.clock.set('2026-03-02T08:00:00Z');
    tenant = await createTenant(t, { employees: 2, country });
  });

  function pathOf(op: OperationSpec, params: Record<string, number | string>): string {
    const all: Record<string, number | string> = { businessId: tenant.businessId, ...params };
    return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = all[name];
      if (value === undefined) throw new Error(`${op.id}: no value for path parameter ${name}`);
      return encodeURIComponent(String(value));
    });
  }

  /** Calls an operation as models.json defines it, expects 200 and checks the body against the contract. */
  async function call(
    id: string,
    params: Record<string, number | string> = {},
    options: { json?: unknown; query?: string; auth?: string } = {},
  ): Promise<unknown> {
    const op = contractOp(id);
    exercised.add(id);
    expect(docById.has(id), `${id} is not in the OpenAPI document`).toBe(true);
    expect(op.response, `${id} has a response body in models.json`).not.toBeNull();
    const url = pathOf(op, params) + (options.query ? `?${options.query}` : '');
    const res = await t.request(op.method, url, { auth: options.auth ?? tenant.manager.auth, json: options.json });
    expect(res.status, `${op.method} ${url}: ${res.text}`).toBe(200);
    expect(res.headers.get('content-type'), `${id} content type`).toMatch(/^application\/json/);
    const type = op.variantDiffs?.[region]?.response ?? op.response ?? '';
    expect(checkResponse(contract, type, res.body), `${id} response against ${type}`).toEqual([]);
    return res.body;
  }

  /** A call whose operation has no response body (setup only; not a conformance check). */
  async function send(id: string, params: Record<string, number | string>, json: unknown, query?: string): Promise<void> {
    const op = contractOp(id);
    const res = await t.request(op.method, pathOf(op, params) + (query ? `?${query}` : ''), { auth: tenant.manager.auth, json });
    expect(res.status, `${id}: ${res.text}`).toBe(200);
  }

  it('work types (one a shift condition)', async () => {
    // Malaysia's employment types have no FullTime (its first full-time member is Permanent).
    const fullTime = region === 'My' ? 'Permanent' : 'FullTime';
    state.picking = Id.parse(await call('workType.createWorkType', {}, { json: { name: 'Picking', externalId: 'WT-1', shortCode: 'PK', employmentTypes: [fullTime, 'Casual'] } })).id;
    state.night = Id.parse(await call('workType.createWorkType', {}, { json: { name: 'Night', mappingType: 'ShiftCondition', shortCode: 'N' } })).id;
    await call('workType.updateWorkType', { id: state.picking }, { json: { name: 'Picking & packing', externalId: 'WT-1', shortCode: 'PK', employmentTypes: [fullTime] } });
    await call('workType.getWorkTypeById', { id: state.picking });
    await call('workType.getWorkTypeById', { id: state.night });
    expect(IdList.parse(await call('workType.listWorkTypes')).length).toBeGreaterThanOrEqual(2);
  });

  it('locations, with a child location', async () => {
    state.warehouse = Id.parse(await call('location.createLocation', {}, { json: { name: 'Warehouse', externalId: 'LOC-1', defaultShiftConditionIds: [state.night] } })).id;
    state.bay = Id.parse(await call('location.createLocation', {}, { json: { name: 'Bay 1', parentId: state.warehouse } })).id;
    await call('location.updateLocation', { id: state.warehouse }, { json: { name: 'Main warehouse', externalId: 'LOC-1', defaultShiftConditionIds: [state.night] } });
    const single = z.object({ nestedLocations: z.array(Id) }).parse(await call('location.getLocationById', { id: state.warehouse }));
    expect(single.nestedLocations.map((l) => l.id)).toContain(state.bay);
    expect(IdList.parse(await call('location.listBusinessLocations')).length).toBeGreaterThanOrEqual(2);

    const hiro = await createEmployee(t.db, tenant.businessId, {
      firstName: 'Hiro',
      surname: 'Conformance',
      email: `hiro-${tenant.businessId}@example.test`,
      mobilePhone: '+44 7700 900777',
      externalId: 'EMP-HIRO',
      startDate: new Date('2025-01-06T00:00:00Z'),
      pin: state.hiro.pin,
      isKioskEnabled: true,
      locationIds: [state.warehouse],
    });
    state.hiro.id = hiro.id;
  });

  it('employee groups', async () => {
    const filters = [{ filterType: 'Location', operator: 'In', value: String(state.warehouse) }];
    state.group = Id.parse(await call('employeeGroup.createEmployeeGroup', {}, { json: { name: 'Warehouse crew', filterCombinationStrategy: 'Or', filters } })).id;
    await call('employeeGroup.updateEmployeeGroup', { id: state.group }, { json: { name: 'Warehouse team', filterCombinationStrategy: 'And', filters } });
    const detailed = z.object({ matchingEmployees: z.array(Id) }).parse(await call('employeeGroup.getEmployeeGroupById', { id: state.group }));
    expect(detailed.matchingEmployees.map((e) => e.id)).toEqual([state.hiro.id]);
    expect(IdList.parse(await call('employeeGroup.listEmployeeGroups'))).toHaveLength(1);
  });

  it('web hook registrations (every operation; string ids kept exactly)', async () => {
    const hook = {
      id: 'Conformance-Hook',
      webHookUri: 'https://hooks.example.com/kiosk',
      secret: 'a shared secret',
      description: 'Payroll',
      isPaused: false,
      filters: ['ClockOn', 'ClockOff'],
      headers: { 'X-Api-Key': 'abc' },
      properties: { TenantId: 7 },
    };
    await send('webhook.registerWebHook', {}, hook);
    await send('webhook.registerWebHook', {}, { ...hook, id: 'second', filters: null, headers: null, properties: null });
    await send('webhook.updateWebHookRegistration', { id: hook.id }, { ...hook, secret: null, isPaused: true });
    expect(await call('webhook.getWebHookRegistrationById', { id: hook.id })).toEqual({ ...hook, secret: null, isPaused: true });
    expect(z.array(z.object({ id: z.string() })).parse(await call('webhook.listWebHookRegistrations')).map((h) => h.id)).toEqual([hook.id, 'second']);
    await send('webhook.testWebHook', { id: hook.id }, undefined, 'filter=ClockOff');
    await send('webhook.deleteWebHookRegistration', { id: 'second' }, undefined);
    await send('webhook.deleteAllWebHookRegistrations', {}, undefined);
    expect(await call('webhook.listWebHookRegistrations')).toEqual([]);
  });

  it('kiosks', async () => {
    const kiosk = {
      name: 'Loading bay',
      locationId: state.warehouse,
      ianaTimeZone: 'Europe/London',
      clockOnWindowMinutes: 10,
      isPhotoRequired: false,
      canAddEmployees: true,
      branding: { logoUrl: 'https://example.test/logo.png', backgroundColour: '#123456', textColour: '#ffffff' },
    };
    state.kiosk = Id.parse(await call('kiosk.createKiosk', {}, { json: kiosk })).id;
    await call('kiosk.updateKiosk', { id: state.kiosk }, { json: { ...kiosk, name: 'Loading bay door' } });
    await call('kiosk.getKioskById', { id: state.kiosk });
    await call('kiosk.getKioskById', { id: tenant.kioskId });
    expect(IdList.parse(await call('kiosk.listKiosks')).map((k) => k.id)).toEqual(expect.arrayContaining([tenant.kioskId, state.kiosk]));
  });

  it('roster shifts: create, update, list (with warnings), matching, nearby, stub', async () => {
    const employeeId = tenant.employees[0]?.id ?? 0;
    const shift = {
      employeeId,
      locationId: state.warehouse,
      workTypeId: state.picking,
      startTime: '2026-03-03T09:00:00',
      endTime: '2026-03-03T17:00:00',
      notes: 'Delivery day',
      role: { id: 4, name: 'Lead', className: 'lead', hexColourCode: '#00aa00' },
      qualifications: [{ id: 1, name: 'Forklift' }],
      breaks: [{ startTime: '2026-03-03T12:00:00', endTime: '2026-03-03T12:30:00', isPaidBreak: false }],
    };
    const created = Id.parse(await call('rosterShift.createRosterShift', {}, { json: shift, query: 'publish=True' }));
    await call('rosterShift.updateRosterShift', { rosterShiftId: created.id }, { json: { ...shift, notes: 'Two deliveries' }, query: 'publish=True&clearBreaks=False' });
    await call('rosterShift.createRosterShift', {}, { json: { startTime: '2026-03-03T10:00:00', endTime: '2026-03-03T14:00:00' } });
    const listed = IdList.parse(
      await call('rosterShift.getRosterShifts', {}, { query: 'FromDate=2026-03-03T00:00:00&ToDate=2026-03-03T00:00:00&SelectAllRoles=True&IncludeWarnings=True' }),
    );
    expect(listed).toHaveLength(2);
    // 09:00 GMT is 09:00Z; the loading-bay kiosk matches clock-ons within 10 minutes.
    const matched = z.object({ shift: Id }).parse(
      await call('rosterShift.findMatchingClockOnRosterShift', { employeeId }, { query: `kioskId=${state.kiosk}&dateUtc=2026-03-03T08:55:00` }),
    );
    expect(matched.shift.id).toBe(created.id);
    await call('rosterShift.findMatchingClockOffRosterShift', { employeeId }, { query: `kioskId=${state.kiosk}&dateUtc=2026-03-03T17:05:00` });
    expect(IdList.parse(await call('rosterShift.findNearbyRosterShifts', { employeeId }, { query: 'localTime=2026-03-03T08:00:00' }))).toHaveLength(1);
    await send('rosterShift.stubShiftTimesheets', { rosterShiftId: created.id }, { note: 'Worked as rostered' });
  });

  it('kiosk staff: add, list, has access, check id', async () => {
    const added = z.object({ employeeId: z.number().int() }).parse(
      await call('kiosk.addAnEmployee', { kioskId: tenant.kioskId }, { json: { firstName: 'Ivy', surname: 'Added', email: null, mobileNumber: '+44 7700 900888', pin: '3691' } }),
    );
    state.added = added.employeeId;
    await call('kiosk.listKioskStaff', { kioskId: tenant.kioskId });
    await call('kiosk.listKioskStaff', { kioskId: state.kiosk }, { query: 'restrictCurrentShiftsToCurrentKioskLocation=True' });
    expect(await call('kiosk.employeeHasAccess', { employeeId: state.hiro.id })).toBe(true);
    await call('kiosk.checkEmployee', { kioskId: tenant.kioskId }, { json: { employeeId: state.hiro.id } });
  });

  it('PINs: check and change', async () => {
    await call('kiosk.verifyKioskPin', { kioskId: tenant.kioskId }, { json: { employeeId: state.hiro.id, pin: state.hiro.pin } });
    await call('kiosk.changePin', { kioskId: tenant.kioskId }, { json: { employeeId: state.hiro.id, oldPin: state.hiro.pin, newPin: '147036' } });
    state.hiro.pin = '147036';
  });

  it('lookup data for an employee with a location', async () => {
    const lookup = z
      .object({ locations: z.array(Id), shiftConditions: z.array(Id), defaultLocation: Id.nullable() })
      .parse(await call('kiosk.getEmployeeLookupData', { kioskId: tenant.kioskId, employeeId: state.hiro.id }));
    expect(lookup.locations.map((l) => l.id)).toContain(state.warehouse);
    expect(lookup.shiftConditions.map((c) => c.id)).toEqual([state.night]);
    // No kiosk location, no employee location: the service sends defaultLocation null (nullable in models.json).
    const none = await call('kiosk.getEmployeeLookupData', { kioskId: tenant.kioskId, employeeId: tenant.employees[0]?.id ?? 0 });
    expect(z.object({ defaultLocation: z.null() }).safeParse(none).success).toBe(true);
  });

  it('a clocked shift: clock on, break, clock off with a note', async () => {
    const kioskId = tenant.kioskId;
    const employeeId = state.hiro.id;
    // An AU business records an award classification (the extension route adds one); a UK one has none.
    const classified = await t.request('POST', `${tenant.base}/classification`, { auth: tenant.manager.auth, json: { description: 'Level 2' } });
    expect(classified.status).toBe(region === 'Au' ? 200 : 400);
    const classificationId = region === 'Au' ? Id.parse(classified.body).id : null;
    const on = await call('kiosk.clockInEmployee', { kioskId }, {
      json: {
        employeeId,
        locationId: state.warehouse,
        workTypeId: state.picking,
        shiftConditionIds: [state.night],
        classificationId,
        note: 'Starting on bay 1',
        noteVisibility: 'Visible',
        recordedTimeUtc: '2026-03-02T08:00:00Z',
        utcOffset: '00:00:00',
        latitude: 51.5072,
        longitude: -0.1276,
      },
    });
    state.shiftId = Punched.parse(on).currentShiftId ?? 0;
    expect(state.shiftId).toBeGreaterThan(0);
    t.clock.set('2026-03-02T11:00:00Z');
    await call('kiosk.startBreak', { kioskId }, { json: { employeeId } });
    t.clock.set('2026-03-02T11:30:00Z');
    await call('kiosk.endBreak', { kioskId }, { json: { employeeId } });
    t.clock.set('2026-03-02T16:00:00Z');
    await call('kiosk.clockOutEmployee', { kioskId }, { json: { employeeId, note: 'Stocktake done', noteVisibility: 'Hidden' } });
  });

  it('shift notes: add and list', async () => {
    const params = { kioskId: tenant.kioskId, shiftId: state.shiftId };
    await call('kiosk.addNoteToShift', params, { json: { employeeId: state.hiro.id, type: 'Shift', visibility: 'Visible', note: 'Forklift 3 is leaking' } });
    const notes = IdList.parse(await call('kiosk.getShiftNotes', params));
    expect(notes.length).toBeGreaterThanOrEqual(1);
    await call('kiosk.getShiftNotes', params, { query: `EmployeeId=${state.hiro.id}&IsAdminInitiated=False&Type=Shift&Visibility=Visible` });
  });

  it('discard and add a complete shift', async () => {
    const [ada, ben] = tenant.employees;
    t.clock.set('2026-03-02T16:30:00Z');
    await call('kiosk.clockInEmployee', { kioskId: tenant.kioskId }, { json: { employeeId: ada?.id } });
    await call('kiosk.discardCurrentShift', { kioskId: tenant.kioskId }, { json: { employeeId: ada?.id } });
    await call('kiosk.addCompleteShiftForEmployee', { kioskId: tenant.kioskId }, {
      json: {
        employeeId: ben?.id,
        isAdminInitiated: true,
        recordedStartTimeUtc: '2026-03-01T09:00:00Z',
        recordedEndTimeUtc: '2026-03-01T17:00:00Z',
        note: 'Forgot to clock on',
        breaks: [{ start: { recordedTimeUtc: '2026-03-01T12:00:00Z' }, end: { recordedTimeUtc: '2026-03-01T12:30:00Z' } }],
      },
    });
  });

  it('shift search (with an employee, breaks, shift conditions)', async () => {
    const shifts = z.array(z.object({ id: z.number(), breaks: z.array(z.unknown()) })).parse(await call('kiosk.shifts', {}, { json: { employeeId: state.hiro.id } }));
    expect(shifts.map((s) => s.id)).toEqual([state.shiftId]);
    expect(shifts[0]?.breaks).toHaveLength(1);
    await call('kiosk.shifts', {}, { json: { fromDateUtc: '2026-03-01T00:00:00Z', toDateUtc: '2026-03-03T00:00:00Z' } });
  });

  it('timesheet lines from clock-off, addshift and the roster stub', async () => {
    const lines = IdList.parse(await call('timesheet.getBusinessTimesheets'));
    expect(lines).toHaveLength(3);
    for (const line of lines) await call('timesheet.getTimesheetLine', { timesheetLineId: line.id });
  });

  it('timesheet lines written by hand: create, update, bulk insert and replace, delete', async () => {
    const employeeId = state.hiro.id;
    const day = (date: string) => ({ startTime: `${date}T09:00:00`, endTime: `${date}T17:00:00` });
    const body = { employeeId, ...day('2026-03-03'), locationId: state.warehouse, workTypeId: state.picking, externalId: 'CONF-1' };
    const created = Id.parse(await call('timesheet.createTimesheetLine', {}, { query: 'enforceUniqueExternalId=true', json: body }));
    await call('timesheet.updateTimesheetLine', { timesheetLineId: created.id }, { json: { ...body, status: 'Approved' } });
    const external = { employeeIdType: 'External', locationIdType: 'External', workTypeIdType: 'External', returnResponse: true };
    await call('timesheet.bulkInsertTimesheets', {}, { json: { ...external, timesheets: { 'EMP-HIRO': [{ ...day('2026-03-04'), locationId: 'LOC-1', workTypeId: 'WT-1' }] } } });
    const window = { fromDate: '2026-03-04T00:00:00', toDate: '2026-03-04T00:00:00' };
    await call('timesheet.updateReplaceTimesheets', {}, { json: { ...window, returnResponse: true, timesheets: { [String(employeeId)]: [day('2026-03-04')] } } });
    await send('timesheet.deleteTimesheetLine', { timesheetLineId: created.id }, undefined);
  });

  it('settings: read and write back', async () => {
    const portal = await call('settings.getEmployeePortalSettings');
    await call('settings.updateEmployeePortalSettings', {}, { json: portal });
    const timesheets = await call('settings.getTheTimesheetSettingsForTheBusiness');
    await call('settings.updateTheTimesheetSettingsForTheBusiness', {}, { json: timesheets });
  });

  it('employees: details and per-employee pick-lists', async () => {
    expect(IdList.parse(await call('employee.listBasicDetailsForEmployees')).map((e) => e.id)).toContain(state.hiro.id);
    expect(IdList.parse(await call('employee.listEmployeeLocations', { employeeId: state.hiro.id })).map((l) => l.id)).toEqual([state.warehouse]);
    await call('employee.getEmployeeWorkTypes', { employeeId: state.hiro.id });
    await call('employee.getEmployeeShiftConditions', { employeeId: state.hiro.id });
  });

  it('business access: list and one user (with kiosk, location and group rights)', async () => {
    const email = `kim-${tenant.businessId}@example.test`;
    await send('businessAccess.assignBusinessAccess', {}, {
      name: 'Kim Supervisor',
      email,
      accessType: 'Restricted',
      kioskAccess: { accessType: 'SpecificKiosks', kiosks: [tenant.kioskId], permissions: 'ApproveTimesheets, AddEmployeeFromKiosk' },
      locationAccess: [{ filterType: 'Location', locationIds: [state.warehouse], permissions: 'ViewRosters' }],
      employeeGroups: [{ employeeGroupId: state.group, permissions: 'ViewEmployeeDetails' }],
      reports: { accessType: 'None' },
    });
    // Someone new is invited; the access starts once they accept (here: by choosing a password).
    const [invitation] = await t.db.select().from(outbox).where(eq(outbox.recipient, email));
    const token = /kci_[A-Za-z0-9_-]+/.exec(invitation?.body ?? '')?.[0];
    expect((await t.request('POST', '/api/v2/account/activate', { json: { token, password: 'a long password' } })).status).toBe(200);
    await call('businessAccess.listAllBusinessAccessUsers');
    await call('businessAccess.getUserBusinessAccess', {}, { query: `email=${encodeURIComponent(email)}` });
    await call('businessAccess.getUserBusinessAccess', {}, { query: `email=${encodeURIComponent(tenant.manager.email)}` });
  });

  it('employee self-service, with the employee\'s own credentials (invited, activated, password grant)', async () => {
    t.clock.set('2026-03-05T08:00:00Z');
    const employeeId = state.hiro.id;
    const { auth } = await selfServiceAuth(t, tenant, employeeId);
    const ess = { employeeId };
    const as = { auth };
    await call('ess.getLookupData', ess, as);
    expect(IdList.parse(await call('ess.getLocations', ess, as)).map((l) => l.id)).toEqual([state.warehouse]);
    expect(IdList.parse(await call('ess.getWorkTypes', ess, as)).map((w) => w.id)).toEqual([state.picking]);
    expect(IdList.parse(await call('ess.getShiftConditions', ess, as)).map((w) => w.id)).toEqual([state.night]);
    const on = Punched.parse(
      await call('ess.clockInEmployee', ess, {
        auth,
        json: { employeeId, locationId: state.warehouse, workTypeId: state.picking, note: 'From the depot', noteVisibility: 'Visible', latitude: 51.5, longitude: -0.12 },
      }),
    );
    const shiftId = on.currentShiftId ?? 0;
    t.clock.set('2026-03-05T11:00:00Z');
    await call('ess.startBreak', ess, { auth, json: {} });
    t.clock.set('2026-03-05T11:30:00Z');
    await call('ess.endBreak', ess, { auth, json: { employeeId } });
    const note = Id.parse(await call('ess.addNoteToShift', { employeeId, shiftId }, { auth, json: { type: 'Shift', visibility: 'Visible', note: 'Van 2' } }));
    expect(IdList.parse(await call('ess.getShiftNotes', { employeeId, shiftId }, as)).length).toBeGreaterThanOrEqual(2);
    await call('ess.getShiftNotes', { employeeId, shiftId }, { auth, query: `EmployeeId=${employeeId}&IsAdminInitiated=False&Type=Shift&Visibility=Visible` });
    const read = await t.request('POST', `/api/v2/ess/${employeeId}/timeandattendance/shift/${shiftId}/notes/read-state`, { auth, json: { employeeId, noteIds: [note.id], read: true } });
    expect(read.status, read.text).toBe(200);
    t.clock.set('2026-03-05T16:00:00Z');
    await call('ess.clockOutEmployee', ess, { auth, json: { note: 'Done', noteVisibility: 'Visible' } });
    const shifts = IdList.parse(await call('ess.shifts', ess, { auth, json: { fromDateUtc: '2026-03-05T00:00:00', toDateUtc: '2026-03-06T00:00:00' } }));
    expect(shifts.map((s) => s.id)).toEqual([shiftId]);
    await call('ess.clockInEmployee', ess, { auth, json: {} });
    await call('ess.discardCurrentShift', ess, { auth, json: {} });
  });

  it('covers every implemented operation with a response body', () => {
    const withBody = implemented.filter((id) => contractOp(id).response !== null);
    for (const [id, reason] of Object.entries(NOT_LIVE)) {
      expect(reason.trim(), `${id} needs a reason`).not.toBe('');
      expect(withBody, `${id} is exempted but is not an implemented operation with a body`).toContain(id);
    }
    expect(sorted(exercised), 'LIVE_OPERATIONS must list exactly what the live tests called').toEqual(sorted(LIVE_OPERATIONS));
    const uncovered = withBody.filter((id) => !LIVE_OPERATIONS.includes(id) && !Object.hasOwn(NOT_LIVE, id));
    expect(uncovered, 'implemented operations with a body that no live test calls').toEqual([]);
    console.info(`Live-checked operations (${LIVE_OPERATIONS.length}): ${LIVE_OPERATIONS.join(', ')}`);
  });
});
}

// Keep the nullability helper honest about what it claims for list elements.
describe('contract helpers', () => {
  it('treats value types as non-nullable list elements and reference types as open', () => {
    expect(isValueType(contract.parseType('int32'))).toBe(true);
    expect(isValueType(contract.parseType('TimeAttendanceStatus'))).toBe(true);
    expect(isValueType(contract.parseType('string'))).toBe(false);
    expect(isValueType(contract.parseType('BasicKioskEmployeeModel'))).toBe(false);
    expect(checkValue(contract, contract.parseType('List<string>'), false, ['a', null])).toEqual([]);
    expect(checkValue(contract, contract.parseType('List<int32>'), false, [1, null])).toEqual([expect.stringContaining('$[1]: null')]);
  });
});
