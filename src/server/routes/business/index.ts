/** The business route group: `/api/v2/business` and `/api/v2/business/{businessId}` themselves. */
import type { App } from '../../context';
import { registerBusinessHandlers } from './business.handlers';

export function registerBusinessRoutes(app: App) {
  registerBusinessHandlers(app);
}
