/**
 * Step 3: the business this kiosk belongs to. The manager's businesses as big choices (the only
 * one preselected), or a new business with a name and a time zone (the device's by default).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BusinessModel } from '../../../client';
import { useI18n } from '../../i18n/I18nProvider';
import { deviceZone } from '../../i18n/formatters';
import { Field } from '../../ui/Field';
import { ChooseOrCreateStep } from './ChooseOrCreateStep';
import { FailureNotice, failureFrom, type ShownFailure } from './FailureNotice';
import { createBusiness, listBusinesses, retryOnce, setupQueryKeys, type ManagerConnection } from './setupApi';
import { StepFrame } from './StepFrame';
import { TimeZoneField } from './TimeZoneField';

export interface BusinessStepProps {
  connection: ManagerConnection;
  initialBusinessId: number | null;
  onChosen: (business: BusinessModel) => void;
  onBack: () => void;
  onSignInAgain: () => void;
}

export function BusinessStep({ connection, initialBusinessId, onChosen, onBack, onSignInAgain }: BusinessStepProps) {
  const { t } = useI18n();
  const businesses = useQuery({
    queryKey: setupQueryKeys.businesses(connection),
    queryFn: ({ signal }) => listBusinesses(connection, signal),
    retry: retryOnce,
  });
  return (
    <ChooseOrCreateStep
      step={3}
      name="setup-business"
      text={{
        title: t('setup.business.title'),
        lead: t('setup.business.lead'),
        legend: t('setup.business.legend'),
        choose: t('setup.business.choose'),
        create: t('setup.business.new'),
      }}
      items={businesses}
      toChoice={(business) => ({ label: business.name, detail: business.ianaTimeZone })}
      initialId={initialBusinessId}
      onChosen={onChosen}
      onBack={onBack}
      onSignInAgain={onSignInAgain}
      renderCreate={({ firstOne, onBack: leave }) => (
        <NewBusiness connection={connection} firstOne={firstOne} onCreated={onChosen} onBack={leave} onSignInAgain={onSignInAgain} />
      )}
    />
  );
}

function NewBusiness({
  connection,
  firstOne,
  onCreated,
  onBack,
  onSignInAgain,
}: {
  connection: ManagerConnection;
  firstOne: boolean;
  onCreated: (business: BusinessModel) => void;
  onBack: () => void;
  onSignInAgain: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [zone] = useState(deviceZone);
  const [name, setName] = useState('');
  const [ianaTimeZone, setIanaTimeZone] = useState(zone);
  const [nameMissing, setNameMissing] = useState(false);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setFailure(null);
    setNameMissing(!name.trim());
    if (!name.trim()) return;
    setBusy(true);
    try {
      const business = await createBusiness(connection, { name, ianaTimeZone });
      await queryClient.invalidateQueries({ queryKey: setupQueryKeys.businesses(connection) });
      onCreated(business);
    } catch (error) {
      setFailure(failureFrom(error));
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step={3}
      title={t('setup.business.createTitle')}
      lead={firstOne ? t('setup.business.none') : t('setup.business.createLead')}
      submitLabel={busy ? t('setup.creating') : t('setup.business.create')}
      onSubmit={() => void submit()}
      onBack={onBack}
      busy={busy}
      notice={<FailureNotice shown={failure} onSignInAgain={onSignInAgain} />}
    >
      <Field
        label={t('setup.business.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameMissing && !name.trim() ? t('setup.business.nameMissing') : null}
        autoComplete="organization"
        maxLength={200}
      />
      <TimeZoneField value={ianaTimeZone} onChange={setIanaTimeZone} suggestions={[zone]} />
    </StepFrame>
  );
}
