/**
 * Step 4: which kiosk of the business this tablet is. The business's kiosks as big choices (each
 * with its location, how many people it lists and its time zone), or a new kiosk: name, time zone
 * (the business's by default), photo with each punch, and whether staff can be added from it (on
 * by default).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { BusinessModel, TimeAndAttendanceKioskModel } from '../../../client';
import { uuid } from '../../../client/uuid';
import { useI18n } from '../../i18n/I18nProvider';
import { deviceZone } from '../../i18n/formatters';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Field } from '../../ui/Field';
import { ChooseOrCreateStep } from './ChooseOrCreateStep';
import { FailureNotice, failureFrom, type ShownFailure } from './FailureNotice';
import styles from './Setup.module.css';
import { createKiosk, kioskDisplayName, listKiosks, readKioskDetails, retryOnce, setupQueryKeys, type ManagerConnection, type NewKiosk } from './setupApi';
import { StepFrame } from './StepFrame';
import { TimeZoneField } from './TimeZoneField';

export interface KioskStepProps {
  connection: ManagerConnection;
  business: BusinessModel;
  initialKioskId: number | null;
  onChosen: (kiosk: TimeAndAttendanceKioskModel) => void;
  onBack: () => void;
  onSignInAgain: () => void;
}

export function KioskStep({ connection, business, initialKioskId, onChosen, onBack, onSignInAgain }: KioskStepProps) {
  const { t } = useI18n();
  const kiosks = useQuery({
    queryKey: setupQueryKeys.kiosks(connection, business.id),
    queryFn: ({ signal }) => listKiosks(connection, business.id, signal),
    retry: retryOnce,
  });
  // Where each kiosk is and who uses it, read beside the list: the list does not wait for it.
  const details = useQuery({
    queryKey: setupQueryKeys.kioskDetails(connection, business.id),
    queryFn: ({ signal }) => readKioskDetails(connection, business.id, signal),
    retry: retryOnce,
  }).data;
  const unnamed = (id: number) => t('setup.kiosk.unnamed', { id });
  const whereAndWho = (kiosk: TimeAndAttendanceKioskModel): string[] => {
    if (!details) return [];
    const where = kiosk.locationId === null ? t('setup.kiosk.everyLocation') : details.locations.get(kiosk.locationId);
    const count = details.staffCounts?.get(kiosk.id) ?? 0;
    return [where ?? '', details.staffCounts ? t('setup.kiosk.people', { count }) : ''];
  };
  return (
    <ChooseOrCreateStep
      step={4}
      name="setup-kiosk"
      text={{
        title: t('setup.kiosk.title'),
        lead: t('setup.kiosk.lead', { business: business.name }),
        legend: t('setup.kiosk.legend'),
        choose: t('setup.kiosk.choose'),
        create: t('setup.kiosk.new'),
      }}
      items={kiosks}
      toChoice={(kiosk) => ({
        label: kioskDisplayName(kiosk, unnamed),
        detail: [...whereAndWho(kiosk), kiosk.ianaTimeZone ?? business.ianaTimeZone, kiosk.isPhotoRequired ? t('setup.kiosk.withPhoto') : null].filter(Boolean).join(' · '),
      })}
      initialId={initialKioskId}
      onChosen={onChosen}
      onBack={onBack}
      onSignInAgain={onSignInAgain}
      renderCreate={({ firstOne, onBack: leave }) => (
        <NewKioskForm connection={connection} business={business} firstOne={firstOne} onCreated={onChosen} onBack={leave} onSignInAgain={onSignInAgain} />
      )}
    />
  );
}

type KioskOption = 'photo' | 'addStaff';

function NewKioskForm({
  connection,
  business,
  firstOne,
  onCreated,
  onBack,
  onSignInAgain,
}: {
  connection: ManagerConnection;
  business: BusinessModel;
  firstOne: boolean;
  onCreated: (kiosk: TimeAndAttendanceKioskModel) => void;
  onBack: () => void;
  onSignInAgain: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [device] = useState(deviceZone);
  const [name, setName] = useState('');
  const [ianaTimeZone, setIanaTimeZone] = useState(business.ianaTimeZone);
  const [options, setOptions] = useState<KioskOption[]>(['addStaff']);
  const [nameMissing, setNameMissing] = useState(false);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [busy, setBusy] = useState(false);
  // One idempotency key per distinct request: a retry of the same form cannot create two kiosks.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const submit = async () => {
    setFailure(null);
    setNameMissing(!name.trim());
    if (!name.trim()) return;
    const kiosk: NewKiosk = { name, ianaTimeZone, isPhotoRequired: options.includes('photo'), canAddEmployees: options.includes('addStaff') };
    const body = JSON.stringify(kiosk);
    if (attempt.current?.body !== body) attempt.current = { body, key: uuid() };
    setBusy(true);
    try {
      const created = await createKiosk(connection, business.id, kiosk, attempt.current.key);
      await queryClient.invalidateQueries({ queryKey: setupQueryKeys.kiosks(connection, business.id) });
      onCreated(created);
    } catch (error) {
      setFailure(failureFrom(error));
      setBusy(false);
    }
  };

  return (
    <StepFrame
      step={4}
      title={t('setup.kiosk.createTitle')}
      lead={firstOne ? t('setup.kiosk.none', { business: business.name }) : t('setup.kiosk.createLead')}
      submitLabel={busy ? t('setup.creating') : t('setup.kiosk.create')}
      onSubmit={() => void submit()}
      onBack={onBack}
      busy={busy}
      notice={<FailureNotice shown={failure} onSignInAgain={onSignInAgain} />}
    >
      <Field
        label={t('setup.kiosk.name')}
        hint={t('setup.kiosk.nameHint')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={nameMissing && !name.trim() ? t('setup.kiosk.nameMissing') : null}
        autoComplete="off"
        maxLength={100}
      />
      <TimeZoneField value={ianaTimeZone} onChange={setIanaTimeZone} suggestions={[business.ianaTimeZone, device]} />
      <div className={styles.wideChoices}>
        <ChoiceGroup
          legend={t('setup.kiosk.options')}
          name="setup-kiosk-options"
          multiple
          choices={[
            { value: 'photo', label: t('setup.kiosk.photo'), detail: t('setup.kiosk.photoDetail') },
            { value: 'addStaff', label: t('setup.kiosk.addStaff'), detail: t('setup.kiosk.addStaffDetail') },
          ]}
          selected={options}
          onChange={setOptions}
        />
      </div>
    </StepFrame>
  );
}
