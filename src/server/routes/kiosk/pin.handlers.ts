/** Kiosk PINs: checkpin, changepin and the e-mail / SMS resets. */
import type { Context } from 'hono';
import * as routes from '../../../contract/routes/kiosk';
import type { AppEnv, App } from '../../context';
import { applyOfflineFailures, pinFailureRules, reporterOf } from '../../services/pins/pinFailureReports';
import { changePin, checkPin, requestPinReset, type PinOutcome } from '../../services/pins/pins';
import { currentPinSealKey, openSealedPinChange } from '../../services/pins/pinSeal';
import { kioskScope } from './kioskContext';

/** Answers a PIN outcome; a failure keeps its recorded attempt even under an Idempotency-Key. */
function settle(c: Context<AppEnv>, outcome: PinOutcome) {
  if (outcome.ok) return outcome.employee;
  c.set('keepWorkOnError', true);
  throw outcome.error;
}

export function registerPinRoutes(app: App) {
  app.openapi(routes.verifyKioskPin, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    return c.json(settle(c, await checkPin(c.var.db, scope.pin, c.req.valid('json'))), 200);
  });

  app.openapi(routes.changePin, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    return c.json(settle(c, await changePin(c.var.db, scope.pin, c.req.valid('json'))), 200);
  });

  app.openapi(routes.sendPinResetEmail, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    await requestPinReset(c.var.db, { ...scope.pin, kioskName: scope.kiosk.name }, 'email', c.req.valid('json').employeeId);
    return c.body(null, 200);
  });

  app.openapi(routes.sendPinResetSms, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    await requestPinReset(c.var.db, { ...scope.pin, kioskName: scope.kiosk.name }, 'sms', c.req.valid('json').employeeId);
    return c.body(null, 200);
  });

  app.openapi(routes.reportPinFailures, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const rules = pinFailureRules(c.var.deps.settings);
    const reporter = await reporterOf(c.var.db, scope.grant.principal, scope.pin.now, rules);
    await applyOfflineFailures(c.var.db, scope.pin, reporter, rules, c.req.valid('json'));
    return c.body(null, 200);
  });

  app.openapi(routes.getPinSealKey, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    await kioskScope(c, businessId, kioskId);
    return c.json(await currentPinSealKey(c.var.db), 200);
  });

  app.openapi(routes.changePinSealed, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    const body = c.req.valid('json');
    const { oldPin, newPin } = await openSealedPinChange(c.var.db, body.keyId, body.sealed);
    return c.json(settle(c, await changePin(c.var.db, scope.pin, { employeeId: body.employeeId, oldPin, newPin })), 200);
  });
}
