/**
 * The kiosk route group. Literal paths are registered before the `{id}` ones so that
 * `kiosk/shifts` and `kiosk/hasaccess/...` are never read as kiosk ids (contract 1.7).
 */
import type { App } from '../../context';
import { registerKioskDefinitionRoutes } from './kiosks.handlers';
import { registerKioskExtensionRoutes } from './extensions.handlers';
import { registerPinRoutes } from './pin.handlers';
import { registerPunchRoutes } from './punch.handlers';
import { registerShiftRoutes } from './shifts.handlers';
import { registerStaffRoutes } from './staff.handlers';
import { registerStaffPinRoutes } from './staffPin.handlers';

export function registerKioskRoutes(app: App) {
  registerShiftRoutes(app);
  registerStaffRoutes(app);
  registerStaffPinRoutes(app);
  registerKioskDefinitionRoutes(app);
  registerPinRoutes(app);
  registerPunchRoutes(app);
  registerKioskExtensionRoutes(app);
}
