/**
 * Project extension routes of the Staff screen (not in the vendor SDK): the kiosk's wrong-PIN
 * lockouts and a manager's unlock, and kiosk access per kiosk. The vendor's grant/revoke switch is
 * business-wide, while a kiosk lists a person by their locations too, so "on at this kiosk" needs
 * both; these routes change exactly this kiosk's listing where the rule allows, and say what else
 * changed where it does not.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import { EmployeeKioskAccessModel, KioskAccessChangeModel, PinLockoutModel, SetKioskAccessModel } from '../supporting/staffAccess';
import { access, businessParams, emptyOk, jsonBody, jsonResponse, pathId, standardErrors } from './common';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

export { EmployeeKioskAccessModel, KioskAccessChangeModel, PinLockoutModel, SetKioskAccessModel };

const tags = ['Staff (project extensions)'];
const B = '/api/v2/business/{businessId}';
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const staffParams = kioskParams.extend({ employeeId: pathId('employeeId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const listPinLockouts = defineRoute({
  operationId: 'staffAccess.listPinLockouts',
  ...access('kiosk', 'users'),
  method: 'get',
  path: `${B}/kiosk/{kioskId}/pinlockouts`,
  tags,
  summary: 'People at this kiosk whose PIN is locked',
  description: `${EXTENSION}Everyone the kiosk lists whose PIN is locked now (too many wrong PINs in a row, here or at another kiosk), soonest unlocked first.`,
  request: { params: kioskParams },
  responses: { 200: jsonResponse(z.array(PinLockoutModel), 'The lockouts.'), ...standardErrors },
});

export const unlockStaffPin = defineRoute({
  operationId: 'staffAccess.unlockPin',
  ...access('kiosk', 'users'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/staff/{employeeId}/unlockpin`,
  tags,
  summary: "Lift a person's PIN lockout (managers)",
  description:
    `${EXTENSION}Clears the wrong-PIN count and any lockout, so the person can try their PIN again at once; the PIN itself is unchanged. ` +
    'Unlocking someone who is not locked changes nothing, so the route takes no Idempotency-Key. Devices get 403.',
  request: { params: staffParams },
  responses: { ...emptyOk, ...standardErrors },
});

export const listKioskAccess = defineRoute({
  operationId: 'staffAccess.listKioskAccess',
  ...access('admin', 'users'),
  method: 'get',
  path: `${B}/kioskaccess`,
  tags,
  summary: 'Which kiosks list each employee',
  description: `${EXTENSION}Per employee: the vendor's kiosk switch, their locations and the kiosks that list them. ${pagingText(PAGE_LIMITS.employees, 'by employee id')}`,
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.employees) },
  responses: { 200: jsonResponse(z.array(EmployeeKioskAccessModel), 'One page, by employee id.'), ...standardErrors },
});

export const setKioskAccess = defineRoute({
  operationId: 'staffAccess.setKioskAccess',
  ...access('admin', 'users'),
  method: 'put',
  path: `${B}/kiosk/{kioskId}/staff/{employeeId}/access`,
  tags,
  summary: 'List a person at this kiosk, or stop listing them here',
  description:
    `${EXTENSION}On: switches the person on and adds the kiosk's location to theirs (someone without locations is already listed ` +
    'everywhere). Off: removes the kiosk\'s location from theirs (someone without locations gets every other location of the business), ' +
    'or, where no location would remain or the kiosk has no location, switches them off. `alsoAdded`/`alsoRemoved` name other kiosks ' +
    'the change affected. Asking for what already holds changes nothing, so the route takes no Idempotency-Key.',
  request: { params: staffParams, ...jsonBody(SetKioskAccessModel) },
  responses: { 200: jsonResponse(KioskAccessChangeModel, 'The person now.'), ...standardErrors },
});
