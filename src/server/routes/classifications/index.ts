/** The classification route group (AU award classifications, a project extension). */
import type { App } from '../../context';
import { registerClassificationHandlers } from './classifications.handlers';

export function registerClassificationRoutes(app: App) {
  registerClassificationHandlers(app);
}
