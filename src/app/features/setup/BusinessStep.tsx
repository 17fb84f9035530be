/**
 * Step 3: the business this kiosk belongs to. The manager's businesses as big choices (the only
 * one preselected), or a new business with a name and a time zone (the device's by default).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BusinessModel } from '../../../client';
import { useI18n } from '../../i18n/I18nProvider';
import { deviceZone } from '../../i18n/formatters';
import { Button } from '../../ui/Button';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { FailureNotice, failureFrom, type ShownFailure } from './FailureNotice';
import styles from './Setup.module.css';
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
  const [creating, setCreating] = useState(false);
  const list = businesses.data;

  if (list && (creating || list.length === 0)) {
    return (
      <NewBusiness
        connection={connection}
        firstOne={list.length === 0}
        onCreated={onChosen}
        onBack={list.length === 0 ? onBack : () => setCreating(false)}
        onSignInAgain={onSignInAgain}
      />
    );
  }
  if (!list) {
    return (
      <StepFrame
        step={3}
        title={t('setup.business.title')}
        onBack={onBack}
        notice={businesses.isError ? <FailureNotice shown={failureFrom(businesses.error, businesses.errorUpdatedAt)} onSignInAgain={onSignInAgain} /> : null}
        submitLabel={businesses.isError ? t('common.retry') : undefined}
        onSubmit={businesses.isError ? () => void businesses.refetch() : undefined}
      >
        {businesses.isError ? null : (
          <p className={styles.status} role="status">
            {t('common.loading')}
          </p>
        )}
      </StepFrame>
    );
  }
  return (
    <ChooseBusiness
      businesses={list}
      initialBusinessId={initialBusinessId}
      onChosen={onChosen}
      onCreate={() => setCreating(true)}
      onBack={onBack}
    />
  );
}

function ChooseBusiness({
  businesses,
  initialBusinessId,
  onChosen,
  onCreate,
  onBack,
}: {
  businesses: BusinessModel[];
  initialBusinessId: number | null;
  onChosen: (business: BusinessModel) => void;
  onCreate: () => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const only = businesses.length === 1 ? businesses[0] : undefined;
  const [selected, setSelected] = useState<number | null>(initialBusinessId ?? only?.id ?? null);
  const [unchosen, setUnchosen] = useState(false);
  const chosen = businesses.find((business) => business.id === selected);

  return (
    <StepFrame
      step={3}
      title={t('setup.business.title')}
      lead={t('setup.business.lead')}
      submitLabel={t('common.continue')}
      onSubmit={() => (chosen ? onChosen(chosen) : setUnchosen(true))}
      onBack={onBack}
      notice={unchosen && !chosen ? <Notice tone="error">{t('setup.business.choose')}</Notice> : null}
    >
      <div className={styles.wideChoices}>
        <ChoiceGroup
          legend={t('setup.business.legend')}
          name="setup-business"
          choices={businesses.map((business) => ({ value: business.id, label: business.name, detail: business.ianaTimeZone }))}
          selected={selected === null ? [] : [selected]}
          onChange={([id]) => setSelected(id ?? null)}
        />
      </div>
      <div className={styles.alternative}>
        <Button variant="secondary" onClick={onCreate}>
          {t('setup.business.new')}
        </Button>
      </div>
    </StepFrame>
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
