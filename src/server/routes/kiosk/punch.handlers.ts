/** Kiosk punches: clock on, breaks, clock off, discard, and a complete shift (addshift). */
import * as routes from '../../../contract/routes/kiosk';
import type { App } from '../../context';
import { recordCompleteShift } from '../../services/completeShifts';
import { recordPunch } from '../../services/punches';
import { kioskScope } from './kioskContext';

export function registerPunchRoutes(app: App) {
  app.openapi(routes.clockInEmployee, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordPunch(c.var.db, punch, { kind: 'clockOn', body: c.req.valid('json') }), 200);
  });

  app.openapi(routes.startBreak, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordPunch(c.var.db, punch, { kind: 'startBreak', body: c.req.valid('json') }), 200);
  });

  app.openapi(routes.endBreak, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordPunch(c.var.db, punch, { kind: 'endBreak', body: c.req.valid('json') }), 200);
  });

  app.openapi(routes.clockOutEmployee, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordPunch(c.var.db, punch, { kind: 'clockOff', body: c.req.valid('json') }), 200);
  });

  app.openapi(routes.discardCurrentShift, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordPunch(c.var.db, punch, { kind: 'discard', body: c.req.valid('json') }), 200);
  });

  app.openapi(routes.addCompleteShiftForEmployee, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordCompleteShift(c.var.db, punch, c.req.valid('json')), 200);
  });
}
