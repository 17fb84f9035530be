/**
 * What the app loads for an installer: the set-up flow under the shared query client (kept out of
 * the kiosk's first chunk, see QueryProvider).
 */
import type { ComponentProps } from 'react';
import { QueryProvider } from '../../runtime/QueryProvider';
import { SetupFlow } from './SetupFlow';

export function SetupEntry(props: ComponentProps<typeof SetupFlow>) {
  return (
    <QueryProvider>
      <SetupFlow {...props} />
    </QueryProvider>
  );
}
