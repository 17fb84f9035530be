/**
 * What the kiosk loads when manager mode opens: manager mode under the shared query client (kept
 * out of the kiosk's first chunk, see QueryProvider).
 */
import { QueryProvider } from '../../runtime/QueryProvider';
import { ManagerMode } from './ManagerMode';

export function ManagerEntry() {
  return (
    <QueryProvider>
      <ManagerMode />
    </QueryProvider>
  );
}
