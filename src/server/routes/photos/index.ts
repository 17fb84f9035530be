/** The punch photo route group (project extensions): policy, retention record, export and erasure. */
import type { App } from '../../context';
import { registerPhotoHandlers } from './photos.handlers';

export function registerPhotoRoutes(app: App) {
  registerPhotoHandlers(app);
}
