/** A manager sets a person's kiosk PIN (project extension; see contract/routes/kiosk.ts `setStaffPin`). */
import * as routes from '../../../contract/routes/kiosk';
import type { App } from '../../context';
import { loadKiosk } from '../../services/kiosks/kiosks';
import { setPinByManager } from '../../services/pins/staffPins';

export function registerStaffPinRoutes(app: App) {
  app.openapi(routes.setStaffPin, async (c) => {
    const { businessId, kioskId, employeeId } = c.req.valid('param');
    const { pin, mustChange } = c.req.valid('json');
    await loadKiosk(c.var.db, businessId, kioskId);
    await setPinByManager(c.var.db, { businessId, employeeId, pin, mustChange: mustChange ?? false }, c.var.deps.now());
    return c.body(null, 200);
  });
}
