/**
 * The installer's set-up flow: service -> manager sign-in -> business -> kiosk -> device -> install.
 * The first five steps run while the device is not enrolled. A reload during them comes back to
 * the same step with the same choices (setupProgress.ts keeps them for this tab): with the kept
 * sign-in while the service still honours it, otherwise after asking only for the sign-in again.
 * Once the device step has saved an enrolment, App keeps showing this flow, at the install step,
 * until "Start the kiosk" marks set-up complete. Going back to sign-in ends the manager's session.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
import { failureFrom, type ShownFailure } from './FailureNotice';
import { KioskStep } from './KioskStep';
import { initialWizard, resumeWith, type ResumeTarget, type Wizard } from './resumeSetup';
import { ResumeStep } from './ResumeStep';
import { ServiceStep } from './ServiceStep';
import { connectionWith, setupQueryKeys, signOutManager, type ManagerConnection } from './setupApi';
import { forgetSetup, forgetSignIn, keepSignIn, readKeptSignIn, readProgress, saveProgress } from './setupProgress';
import { SignInStep } from './SignInStep';

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
  // Read once: what this tab kept before a reload (nothing on a first visit).
  const [kept] = useState(() => readProgress());
  const [wizard, setWizard] = useState<Wizard>(() => initialWizard(kept));
  const [remembered, setRemembered] = useState<Remembered>(() => ({
    serviceUrl: kept?.serviceUrl ?? window.location.origin,
    email: kept?.email ?? '',
    businessId: kept?.businessId ?? null,
    kioskId: kept?.kioskId ?? null,
  }));
  const [resumeFailure, setResumeFailure] = useState<ShownFailure | null>(null);
  const [resumeAttempt, setResumeAttempt] = useState(0);
  const remember = (changes: Partial<Remembered>) => setRemembered((previous) => ({ ...previous, ...changes }));

  // Every step reached is kept for a reload; once enrolled, nothing of set-up is kept any more.
  useEffect(() => {
    if (enrolment) forgetSetup();
    else if (wizard.step === 'signIn' && wizard.resume) saveProgress({ ...remembered, step: wizard.resume.step });
    else if (wizard.step !== 'resuming') saveProgress({ ...remembered, step: wizard.step });
  }, [enrolment, wizard, remembered]);

  // After a reload (or a new sign-in), find the way back to the step the installer was at.
  useEffect(() => {
    if (wizard.step !== 'resuming' || enrolment) return;
    const { target } = wizard;
    let cancelled = false;
    void (async () => {
      setResumeFailure(null);
      const kept = wizard.connection ? null : await readKeptSignIn(db, target.serviceUrl, Date.now());
      const connection = wizard.connection ?? (kept ? connectionWith(kept) : null);
      if (cancelled) return;
      if (!connection) {
        setWizard({ step: 'signIn', serviceUrl: target.serviceUrl, resume: target, ended: true });
        return;
      }
      try {
        const next = await resumeWith(connection, target, queryClient);
        if (!cancelled) setWizard(next);
      } catch (error) {
        if (cancelled) return;
        const shown = failureFrom(error);
        if (shown.failure.kind === 'session-expired') {
          forgetSignIn();
          setWizard({ step: 'signIn', serviceUrl: target.serviceUrl, resume: target, ended: true });
        } else {
          setResumeFailure(shown);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [wizard, enrolment, db, queryClient, resumeAttempt]);

  /** `resume`: where to go on after signing in again (when the session ended mid-step). */
  const backToSignIn = (connection: ManagerConnection, resume: ResumeTarget | null) => {
    void signOutManager(connection);
    forgetSignIn();
    queryClient.removeQueries({ queryKey: [...setupQueryKeys.all, connection.id] });
    setWizard({ step: 'signIn', serviceUrl: connection.serviceUrl, resume, ended: resume !== null });
  };
  const here = (step: ResumeTarget['step']): ResumeTarget => ({ step, ...remembered });

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
              setWizard({ step: 'signIn', serviceUrl, resume: null, ended: false });
            }}
          />
        );
      case 'signIn': {
        const { resume } = wizard;
        return (
          <SignInStep
            serviceUrl={wizard.serviceUrl}
            initialEmail={remembered.email}
            ended={wizard.ended}
            resumeAt={resume?.step ?? null}
            onSignedIn={(connection) => {
              void keepSignIn(db, connection);
              remember({ email: connection.email });
              setWizard(resume ? { step: 'resuming', target: resume, connection } : { step: 'business', connection });
            }}
            onBack={() => setWizard({ step: 'service' })}
          />
        );
      }
      case 'resuming':
        return (
          <ResumeStep
            target={wizard.target}
            failure={resumeFailure}
            onRetry={() => setResumeAttempt((attempt) => attempt + 1)}
            onStartOver={() => {
              forgetSetup();
              setResumeFailure(null);
              setWizard({ step: 'service' });
            }}
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
            onBack={() => backToSignIn(connection, null)}
            onSignInAgain={() => backToSignIn(connection, here('business'))}
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
            onSignInAgain={() => backToSignIn(connection, here('kiosk'))}
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
            onSignInAgain={() => backToSignIn(connection, here('device'))}
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
