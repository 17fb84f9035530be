/** The reporting dimension route group (a project extension). */
import type { App } from '../../context';
import { registerReportingDimensionHandlers } from './reportingDimensions.handlers';

export function registerReportingDimensionRoutes(app: App) {
  registerReportingDimensionHandlers(app);
}
