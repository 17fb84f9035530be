/**
 * The installer's set-up flow: service -> manager sign-in -> business -> kiosk -> device -> install.
 * The first five steps run while the device is not enrolled; their state (which includes the
 * manager's access token) lives only in this component's memory. Once the device step has saved an
 * enrolment, App keeps showing this flow, at the install step, until "Start the kiosk" marks set-up
 * complete, even across a reload. Going back to sign-in ends the manager's session on the service.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BusinessModel, TimeAndAttendanceKioskModel } from '../../../client';
import type { KioskDb } from '../../../offline/db';
import { markSetupComplete, type DeviceEnrolment } from '../../../offline/device';
import { registerMessages } from '../../i18n/catalogue';
import { setup } from '../../i18n/messages/setup';
import { useI18n } from '../../i18n/I18nProvider';
import { LanguageButton } from '../../ui/LanguageButton';
import { Page } from '../../ui/Page';
import { BusinessStep } from './BusinessStep';
import { DeviceStep } from './DeviceStep';
import { InstallStep } from './InstallStep';
import { KioskStep } from './KioskStep';
import { ServiceStep } from './ServiceStep';
import { setupQueryKeys, signOutManager, type ManagerConnection } from './setupApi';
import { SignInStep } from './SignInStep';

type Wizard =
  | { step: 'service' }
  | { step: 'signIn'; serviceUrl: string }
  | { step: 'business'; connection: ManagerConnection }
  | { step: 'kiosk'; connection: ManagerConnection; business: BusinessModel }
  | { step: 'device'; connection: ManagerConnection; business: BusinessModel; kiosk: TimeAndAttendanceKioskModel };

/** What the installer already entered, to fill the fields again after going back. */
interface Remembered {
  serviceUrl: string;
  email: string;
  businessId: number | null;
  kioskId: number | null;
}

registerMessages(setup);

export function SetupFlow({ db, enrolment }: { db: KioskDb; enrolment: DeviceEnrolment | null }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [wizard, setWizard] = useState<Wizard>({ step: 'service' });
  const [remembered, setRemembered] = useState<Remembered>(() => ({ serviceUrl: window.location.origin, email: '', businessId: null, kioskId: null }));
  const remember = (changes: Partial<Remembered>) => setRemembered((previous) => ({ ...previous, ...changes }));

  const backToSignIn = (connection: ManagerConnection) => {
    void signOutManager(connection);
    queryClient.removeQueries({ queryKey: [...setupQueryKeys.all, connection.id] });
    setWizard({ step: 'signIn', serviceUrl: connection.serviceUrl });
  };

  const startKiosk = async () => {
    await markSetupComplete(db);
    queryClient.removeQueries({ queryKey: setupQueryKeys.all });
  };

  const current = (() => {
    if (enrolment) return <InstallStep enrolment={enrolment} onStart={startKiosk} />;
    switch (wizard.step) {
      case 'service':
        return (
          <ServiceStep
            initialUrl={remembered.serviceUrl}
            onConnected={(serviceUrl) => {
              if (serviceUrl !== remembered.serviceUrl) remember({ serviceUrl, businessId: null, kioskId: null });
              setWizard({ step: 'signIn', serviceUrl });
            }}
          />
        );
      case 'signIn':
        return (
          <SignInStep
            serviceUrl={wizard.serviceUrl}
            initialEmail={remembered.email}
            onSignedIn={(connection) => {
              remember({ email: connection.email });
              setWizard({ step: 'business', connection });
            }}
            onBack={() => setWizard({ step: 'service' })}
          />
        );
      case 'business': {
        const { connection } = wizard;
        return (
          <BusinessStep
            connection={connection}
            initialBusinessId={remembered.businessId}
            onChosen={(business) => {
              if (business.id !== remembered.businessId) remember({ businessId: business.id, kioskId: null });
              setWizard({ step: 'kiosk', connection, business });
            }}
            onBack={() => backToSignIn(connection)}
            onSignInAgain={() => backToSignIn(connection)}
          />
        );
      }
      case 'kiosk': {
        const { connection, business } = wizard;
        return (
          <KioskStep
            connection={connection}
            business={business}
            initialKioskId={remembered.kioskId}
            onChosen={(kiosk) => {
              remember({ kioskId: kiosk.id });
              setWizard({ step: 'device', connection, business, kiosk });
            }}
            onBack={() => setWizard({ step: 'business', connection })}
            onSignInAgain={() => backToSignIn(connection)}
          />
        );
      }
      case 'device': {
        const { connection, business, kiosk } = wizard;
        return (
          <DeviceStep
            db={db}
            connection={connection}
            business={business}
            kiosk={kiosk}
            onBack={() => setWizard({ step: 'kiosk', connection, business })}
            onSignInAgain={() => backToSignIn(connection)}
          />
        );
      }
    }
  })();

  return (
    <Page
      title={t('setup.title')}
      tools={<LanguageButton />}
    >
      {current}
    </Page>
  );
}
