/** Device enrolment for managers, and a device's check of its own enrolment. */
import * as routes from '../../../contract/routes/devices';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { App } from '../../context';
import { authorize, unauthenticated } from '../../auth/access';
import type { Principal } from '../../auth/principal';
import { ApiError, forbidden, notFound } from '../../http/apiError';
import { planPage } from '../../http/odata/planList';
import { throughListGate } from '../../http/listGate';
import { deviceIdentity, enrolDevice, listDevices, revokeDevice } from '../../services/devices';
import { loadKiosk } from '../../services/kiosks';

type UserPrincipal = Extract<Principal, { kind: 'user' }>;

/** Enrolments are managed by people: a device may not enrol, list or revoke devices. */
function requireUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw forbidden('A kiosk device cannot manage device enrolments; sign in as a manager.');
  return principal;
}

export function registerDeviceEnrolmentRoutes(app: App) {
  app.openapi(routes.enrolDevice, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    if (c.req.header('idempotency-key')) {
      throw new ApiError(400, 'idempotency-key-invalid', 'Enrolment cannot be replayed.', {
        detail: 'A device credential is shown once and never stored, so enrolment takes no Idempotency-Key. Enrol again if the answer was lost.',
      });
    }
    const db = c.var.db;
    const grant = await authorize(db, c.var.principal, businessId, { kind: 'kiosk', kioskId });
    const user = requireUser(grant.principal);
    await loadKiosk(db, businessId, kioskId);
    const { name } = c.req.valid('json');
    const enrolled = await enrolDevice(db, { businessId, kioskId, name, enrolledByUserId: user.userId }, c.var.deps.now());
    return c.json(enrolled, 200);
  });

  app.openapi(routes.listDevices, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const page = planPage(c.req.valid('query'), PAGE_LIMITS.settings);
    const db = c.var.db;
    const grant = await authorize(db, c.var.principal, businessId, { kind: 'kiosk', kioskId });
    requireUser(grant.principal);
    await loadKiosk(db, businessId, kioskId);
    return throughListGate(c.var.deps.settings, async () => c.json(await listDevices(db, businessId, kioskId, page), 200));
  });

  app.openapi(routes.revokeDevice, async (c) => {
    const { businessId, kioskId, deviceId } = c.req.valid('param');
    const db = c.var.db;
    const grant = await authorize(db, c.var.principal, businessId, { kind: 'kiosk', kioskId });
    requireUser(grant.principal);
    if (!(await revokeDevice(db, businessId, kioskId, deviceId, c.var.deps.now()))) throw notFound(`Device ${deviceId}`);
    return c.body(null, 200);
  });

  app.openapi(routes.getCurrentDevice, async (c) => {
    const principal = c.var.principal;
    if (!principal) throw unauthenticated();
    if (principal.kind !== 'device') throw forbidden('This route is for kiosk devices; a user has no device enrolment.');
    const db = c.var.db;
    const identity = await deviceIdentity(db, principal.deviceId);
    // Its kiosk was deleted: the credential no longer grants anything, as if revoked.
    if (!identity) throw unauthenticated();
    return c.json(identity, 200);
  });
}
