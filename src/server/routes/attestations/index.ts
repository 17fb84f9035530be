/** The attestation route group (a project extension). */
import type { App } from '../../context';
import { registerAttestationHandlers } from './attestations.handlers';

export function registerAttestationRoutes(app: App) {
  registerAttestationHandlers(app);
}
