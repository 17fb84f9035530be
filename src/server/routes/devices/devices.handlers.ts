/**
 * Device enrolment for managers (the routes admit people only), a device's check of its own
 * enrolment, and fleet health: a device's report about itself, and the managers' business-wide list.
 */
import * as routes from '../../../contract/routes/devices';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { App } from '../../context';
import { unauthenticated } from '../../auth/access';
import { callerOf, grantOf, userOf } from '../../auth/routeGuard';
import { ApiError, notFound } from '../../errors/apiError';
import { planPage } from '../../lists/odata/planList';
import { throughListGate } from '../../lists/listGate';
import { deviceIdentity, enrolDevice, listDevices, listFleet, recordDeviceHealth, revokeDevice } from '../../services/kiosks/devices';
import { loadKiosk } from '../../services/kiosks/kiosks';

export function registerDeviceEnrolmentRoutes(app: App) {
  app.openapi(routes.enrolDevice, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    if (c.req.header('idempotency-key')) {
      throw new ApiError(400, 'idempotency-key-invalid', 'Enrolment cannot be replayed.', {
        detail: 'A device credential is shown once and never stored, so enrolment takes no Idempotency-Key. Enrol again if the answer was lost.',
      });
    }
    const db = c.var.db;
    const user = userOf(c);
    await loadKiosk(db, businessId, kioskId);
    const { name } = c.req.valid('json');
    const enrolled = await enrolDevice(db, { businessId, kioskId, name, enrolledByUserId: user.userId }, c.var.deps.now());
    return c.json(enrolled, 200);
  });

  app.openapi(routes.listDevices, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const page = planPage(c.req.valid('query'), PAGE_LIMITS.settings);
    const db = c.var.db;
    await loadKiosk(db, businessId, kioskId);
    return throughListGate(c.var.deps.settings, async () => c.json(await listDevices(db, businessId, kioskId, page), 200));
  });

  app.openapi(routes.revokeDevice, async (c) => {
    const { businessId, kioskId, deviceId } = c.req.valid('param');
    const db = c.var.db;
    if (!(await revokeDevice(db, businessId, kioskId, deviceId, c.var.deps.now()))) throw notFound(`Device ${deviceId}`);
    return c.body(null, 200);
  });

  app.openapi(routes.getCurrentDevice, async (c) => {
    const principal = callerOf(c);
    // The route admits devices only (x-callers), so this is one.
    if (principal.kind !== 'device') throw unauthenticated();
    const identity = await deviceIdentity(c.var.db, principal.deviceId, c.var.deps.settings);
    // Its kiosk was deleted: the credential no longer grants anything, as if revoked.
    if (!identity) throw unauthenticated();
    return c.json(identity, 200);
  });

  app.openapi(routes.reportDeviceHealth, async (c) => {
    const principal = callerOf(c);
    // The route admits devices only (x-callers), and the path names none: a device reports for itself.
    if (principal.kind !== 'device') throw unauthenticated();
    const stored = await recordDeviceHealth(c.var.db, principal.deviceId, c.req.valid('json'), c.var.deps.now());
    if (!stored) throw unauthenticated();
    return c.json(stored, 200);
  });

  app.openapi(routes.listBusinessDevices, async (c) => {
    const { businessId } = c.req.valid('param');
    const page = planPage(c.req.valid('query'), PAGE_LIMITS.settings);
    const grant = grantOf(c);
    const { deps, db } = c.var;
    return throughListGate(deps.settings, async () =>
      c.json(await listFleet(db, businessId, grant.kiosks, page, deps.now(), deps.settings.DEVICE_SILENT_MINUTES), 200),
    );
  });
}
