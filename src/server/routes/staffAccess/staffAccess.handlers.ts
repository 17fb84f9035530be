/** PIN lockouts a manager can see and lift, and kiosk access changed per kiosk (services/people/staffAccess.ts). */
import { PAGE_LIMITS } from '../../../contract/paging';
import * as routes from '../../../contract/routes/staffAccess';
import type { App } from '../../context';
import { planPage } from '../../lists/odata/planList';
import { listKioskAccess, listPinLockouts, setKioskAccess, unlockPin } from '../../services/people/staffAccess';
import { kioskScope } from '../kiosk/kioskContext';

export function registerStaffAccessHandlers(app: App) {
  app.openapi(routes.listPinLockouts, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { kiosk } = await kioskScope(c, businessId, kioskId);
    return c.json(await listPinLockouts(c.var.db, businessId, kiosk, c.var.deps.now()), 200);
  });

  app.openapi(routes.unlockStaffPin, async (c) => {
    const { businessId, kioskId, employeeId } = c.req.valid('param');
    const { kiosk } = await kioskScope(c, businessId, kioskId);
    await unlockPin(c.var.db, businessId, kiosk, employeeId, c.var.deps.now());
    return c.body(null, 200);
  });

  app.openapi(routes.listKioskAccess, async (c) => {
    const { businessId } = c.req.valid('param');
    const page = planPage(c.req.valid('query'), PAGE_LIMITS.employees);
    return c.json(await listKioskAccess(c.var.db, businessId, page, c.var.deps.now()), 200);
  });

  app.openapi(routes.setKioskAccess, async (c) => {
    const { businessId, kioskId, employeeId } = c.req.valid('param');
    const { hasAccess } = c.req.valid('json');
    return c.json(await setKioskAccess(c.var.db, { businessId, kioskId, employeeId, hasAccess }, c.var.deps.now()), 200);
  });
}
