/**
 * Kiosk device enrolment, which the SDK does not cover: a manager enrols a wall tablet to one
 * kiosk and receives a device credential (`Bearer kcd_...`) that can operate only that kiosk.
 * The credential is shown once, in the enrolment response; only its digest is kept.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import {
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  mutationErrors,
  pathId,
  standardErrors,
  access,
} from './common';
import { PROBLEM_CONTENT_TYPE, Problem } from '../problem';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

const tags = ['Devices'];
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const DEVICES = '/api/v2/business/{businessId}/kiosk/{kioskId}/devices';

const problem = (description: string) => ({ description, content: { [PROBLEM_CONTENT_TYPE]: { schema: Problem } } });
const mutation = mutationErrors;

import {
  EnrolDeviceModel,
  DeviceModel,
  EnrolledDeviceModel,
  DeviceIdentityModel,
  DeviceHealthReportModel,
  DeviceHealthModel,
  FleetDeviceModel,
} from '../supporting/devices';
export { EnrolDeviceModel, DeviceModel, EnrolledDeviceModel, DeviceIdentityModel, DeviceHealthReportModel, DeviceHealthModel, FleetDeviceModel };

export const enrolDevice = defineRoute({
  operationId: 'devices.enrolDevice',
  ...access('kiosk', 'users'),
  method: 'post',
  path: DEVICES,
  tags,
  summary: 'Enrol a device to a kiosk (users only)',
  description:
    'Refuses an Idempotency-Key (400): replaying would require storing the credential, and only its digest is ever stored. If the answer is lost, enrol again and revoke the unused device.',
  request: { params: kioskParams, ...jsonBody(EnrolDeviceModel) },
  responses: { 200: jsonResponse(EnrolledDeviceModel, 'The device and its credential (shown only this once).'), ...mutation },
});

export const listDevices = defineRoute({
  operationId: 'devices.listDevices',
  ...access('kiosk', 'users'),
  method: 'get',
  path: DEVICES,
  tags,
  summary: "List a kiosk's enrolled devices (users only)",
  description: pagingText(PAGE_LIMITS.settings, 'oldest first'),
  request: { params: kioskParams, query: pageQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(DeviceModel), 'Devices not revoked, oldest first.'), ...standardErrors },
});

export const revokeDevice = defineRoute({
  operationId: 'devices.revokeDevice',
  ...access('kiosk', 'users'),
  method: 'delete',
  path: `${DEVICES}/{deviceId}`,
  tags,
  summary: "Revoke a device's credential (users only)",
  request: { params: kioskParams.extend({ deviceId: pathId('deviceId') }), headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutation },
});

export const getCurrentDevice = defineRoute({
  operationId: 'devices.getCurrentDevice',
  ...access('signedIn', 'devices'),
  method: 'get',
  path: '/api/v2/device',
  tags,
  summary: 'Who am I? For a device credential: its enrolment',
  description: 'Lets an installed kiosk check at start-up that it is still enrolled: 401 once revoked.',
  responses: {
    200: jsonResponse(DeviceIdentityModel, 'The calling device.'),
    401: standardErrors[401],
    403: problem('The caller is a user, not a device.'),
  },
});

/** Project extension (fleet health): a device reports its own health; the path names no device, so it can speak only for itself. */
export const reportDeviceHealth = defineRoute({
  operationId: 'devices.reportDeviceHealth',
  ...access('signedIn', 'devices'),
  method: 'put',
  path: '/api/v2/device/health',
  tags,
  summary: 'Report this device\'s health (devices only; project extension)',
  description:
    'Replaces the calling device\'s last health report, stamped with the service\'s receive time. A kiosk sends it every minute and after syncs; ' +
    'a lost report needs no retry (the next one carries the latest). Unknown members and out-of-range values are refused (400).',
  request: { ...jsonBody(DeviceHealthReportModel) },
  responses: {
    200: jsonResponse(DeviceHealthModel, 'The report as stored.'),
    400: standardErrors[400],
    401: standardErrors[401],
    403: problem('The caller is a user, not a device.'),
  },
});

/** Project extension (fleet health): every live device of the business, for managers. */
export const listBusinessDevices = defineRoute({
  operationId: 'devices.listBusinessDevices',
  ...access('anyKiosk', 'users'),
  method: 'get',
  path: '/api/v2/business/{businessId}/devices',
  tags,
  summary: "List the business's devices with their health (users only; project extension)",
  description:
    `${pagingText(PAGE_LIMITS.settings, 'by kiosk, then oldest first')} Covers the kiosks the caller may operate. ` +
    '`isSilent` is computed by the service from DEVICE_SILENT_MINUTES, so every client flags the same devices.',
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.settings) },
  responses: { 200: jsonResponse(z.array(FleetDeviceModel), 'Devices not revoked, of kiosks not deleted.'), ...standardErrors },
});
