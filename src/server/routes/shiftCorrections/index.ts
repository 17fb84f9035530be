/** The forgotten clock-off route group (a project extension). */
import type { App } from '../../context';
import { registerShiftCorrectionHandlers } from './shiftCorrections.handlers';

export function registerShiftCorrectionRoutes(app: App) {
  registerShiftCorrectionHandlers(app);
}
