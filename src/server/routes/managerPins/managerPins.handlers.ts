/** A manager's own PIN, the administrators' list and revoke, and opening manager mode with it at a paired tablet. */
import * as routes from '../../../contract/routes/managerPins';
import { OAUTH_SCOPE } from '../../../contract/supporting/oauth';
import { lockoutPolicy } from '../../../domain/pinPolicy';
import { userOf } from '../../auth/routeGuard';
import type { App } from '../../context';
import {
  deleteManagerPin,
  listKioskManagers,
  listManagerPins,
  managerPinStatus,
  setManagerPin,
  signInWithManagerPin,
} from '../../services/pins/managerPins';
import { loadKiosk } from '../../services/kiosks/kiosks';
import { tokenSettings } from '../../services/access/tokens';

export function registerManagerPinHandlers(app: App) {
  app.openapi(routes.getMyManagerPin, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    await loadKiosk(c.var.db, businessId, kioskId);
    return c.json(await managerPinStatus(c.var.db, userOf(c).userId, businessId, c.var.deps.now()), 200);
  });

  app.openapi(routes.setMyManagerPin, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { pin } = c.req.valid('json');
    await loadKiosk(c.var.db, businessId, kioskId);
    return c.json(await setManagerPin(c.var.db, userOf(c), businessId, pin, c.var.deps.now()), 200);
  });

  app.openapi(routes.forgetMyManagerPin, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    await loadKiosk(c.var.db, businessId, kioskId);
    await deleteManagerPin(c.var.db, userOf(c).userId, businessId);
    return c.body(null, 200);
  });

  app.openapi(routes.listManagerPins, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await listManagerPins(c.var.db, businessId, c.var.deps.now()), 200);
  });

  app.openapi(routes.revokeManagerPin, async (c) => {
    const { businessId, userId } = c.req.valid('param');
    await deleteManagerPin(c.var.db, userId, businessId);
    return c.body(null, 200);
  });

  app.openapi(routes.listKioskManagers, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    return c.json(await listKioskManagers(c.var.db, businessId, kioskId, c.var.deps.now()), 200);
  });

  app.openapi(routes.signInWithManagerPin, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const settings = c.var.deps.settings;
    const outcome = await signInWithManagerPin(
      c.var.db,
      {
        businessId,
        kioskId,
        now: c.var.deps.now(),
        policy: lockoutPolicy(settings.PIN_MAX_ATTEMPTS, settings.PIN_LOCKOUT_MINUTES),
        tokens: tokenSettings(settings),
        sessionMinutes: settings.MANAGER_PIN_SESSION_MINUTES,
      },
      c.req.valid('json'),
    );
    if (!outcome.ok) throw outcome.error;
    // As for any token response (RFC 6749 5.1): not to be cached.
    c.header('pragma', 'no-cache');
    return c.json(
      {
        access_token: outcome.tokens.accessToken,
        token_type: 'bearer' as const,
        expires_in: outcome.tokens.expiresInSeconds,
        refresh_token: outcome.tokens.refreshToken,
        scope: OAUTH_SCOPE,
        userId: outcome.user.userId,
        email: outcome.user.email,
        name: outcome.user.name,
        sessionEndsUtc: outcome.sessionEnds.toISOString(),
      },
      200,
    );
  });
}
