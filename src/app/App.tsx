/**
 * The app root: providers, then either the installer's set-up flow (this device is not enrolled,
 * or the installer has not yet started the kiosk) or the kiosk. The enrolment lives in IndexedDB,
 * so a reload or restart keeps the device enrolled. Anything that fails below shows the restart
 * notice (AppCrashed.tsx) rather than a blank screen.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { readDeviceSetup } from '../offline/device';
import { AppCrashed } from './AppCrashed';
import { EnrolledKiosk } from './features/kiosk/EnrolledKiosk';
import { LocaleRoot } from './i18n/LocaleRoot';
import { kioskDb } from './runtime/database';
import { lazyCode } from './runtime/loadCode';

/** Set-up runs once per device: its code loads only when needed, not with the kiosk screen. */
const SetupFlow = lazyCode(() => import('./features/setup/SetupEntry').then((m) => ({ default: m.SetupEntry })));

export function App() {
  const db = kioskDb();
  const device = useLiveQuery(() => readDeviceSetup(db), [db]);
  return (
    <LocaleRoot db={db}>
      <ErrorBoundary FallbackComponent={AppCrashed}>
        {device === undefined ? null : device.enrolment === null || !device.setupComplete ? (
          <Suspense fallback={null}>
            <SetupFlow db={db} enrolment={device.enrolment} />
          </Suspense>
        ) : (
          <EnrolledKiosk key={`${device.enrolment.kioskId}:${device.enrolment.deviceId}`} db={db} enrolment={device.enrolment} />
        )}
      </ErrorBoundary>
    </LocaleRoot>
  );
}
