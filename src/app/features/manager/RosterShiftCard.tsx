/**
 * Add or change a roster shift (Roster tab): person, location, work type, day and times on the
 * kiosk's clock, optional breaks and notes. rosterForms.ts checks and builds the body; the shift is
 * published at once (the kiosk matches published shifts only); the service's refusals land on
 * their fields (problem+json field errors via formErrors).
 */
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { RosterShiftEditModelInput } from '../../../contract/generated/models';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { Button } from '../../ui/Button';
import { CheckIcon } from '../../ui/icons';
import { Notice } from '../../ui/Notice';
import { Card } from '../../ui/Page';
import { BreakFields } from './BreakFields';
import { SelectField } from './controls';
import styles from './Manager.module.css';
import { useLiveStaff, useManagerApi } from './ManagerContext';
import { displayName } from './onSite';
import type { BoardShift } from './rosterBoard';
import { buildRosterShift, rosterShiftFieldOf, type RosterShiftField, type RosterShiftForm } from './rosterForms';
import { ChoiceField, NoteField, ShiftTimeFields } from './ShiftFormFields';
import { useFieldForm } from './useFieldForm';
import { useRosterPickLists } from './useRosterData';

export interface RosterShiftCardProps {
  /** The shift being changed, or null for a new one. */
  editing: BoardShift | null;
  initial: RosterShiftForm;
  locationRequired: boolean;
  workTypeRequired: boolean;
  onSaved: (message: string) => void;
  onCancel: () => void;
}

type Save = { body: RosterShiftEditModelInput; id: number | null; clearBreaks: boolean };

export function RosterShiftCard({ editing, initial, locationRequired, workTypeRequired, onSaved, onCancel }: RosterShiftCardProps) {
  const { t, format } = useI18n();
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const staff = useLiveStaff();
  const { locations, workTypes } = useRosterPickLists();
  const { form, general, setGeneral, update, error, checkFailed, refused, sayIt } = useFieldForm<RosterShiftForm, RosterShiftField>(initial);
  const save = useMutation({
    mutationFn: ({ body, id, clearBreaks }: Save) =>
      id === null
        ? api.fix('roster.create', body, (client, options) => client.roster.create(kiosk.businessId, body, { publish: true }, options))
        : api.fix('roster.update', { id, body }, (client, options) => client.roster.update(kiosk.businessId, id, body, { publish: true, clearBreaks }, options)),
  });
  const people = [...(staff.data ?? [])].sort((a, b) => displayName(a).localeCompare(displayName(b)));
  const titleId = editing ? 'roster-edit-title' : 'roster-add-title';


  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setGeneral(null);
    const check = buildRosterShift(form, { zone: format.zone, locationRequired, workTypeRequired }, editing?.id ?? 0);
    if (!check.ok) {
      checkFailed(check.errors);
      return;
    }
    try {
      await save.mutateAsync({ body: check.body, id: editing?.id ?? null, clearBreaks: form.breaks.length === 0 });
      const person = people.find((p) => p.employeeId === form.employeeId);
      onSaved(
        t(editing ? 'manager.roster.changed' : 'manager.roster.added', {
          name: person ? displayName(person) : '',
          date: format.weekdayDate(check.start),
          start: format.time(check.start),
          end: format.time(check.end),
        }),
      );
    } catch (caught) {
      refused(caught, rosterShiftFieldOf);
    }
  };

  return (
    <Card labelledBy={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {editing ? t('manager.roster.editTitle', { name: editing.model.employeeName ?? '' }) : t('manager.roster.addTitle')}
      </h2>
      <p className={styles.lead}>{t('manager.roster.formLead', { zone: format.zone })}</p>
      {general ? <Notice tone="error">{sayIt(general)}</Notice> : null}
      <form className={styles.list} onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={t('manager.fix.person')}
          value={form.employeeId ?? ''}
          onChange={(event) => update({ employeeId: event.target.value ? Number(event.target.value) : null }, ['employee'])}
          error={error('employee')}
        >
          <option value="">{t('manager.fix.choosePersonOption')}</option>
          {editing && form.employeeId !== null && !people.some((p) => p.employeeId === form.employeeId) ? (
            <option value={form.employeeId}>{editing.model.employeeName ?? `#${form.employeeId}`}</option>
          ) : null}
          {people.map((person) => (
            <option key={person.employeeId} value={person.employeeId}>
              {displayName(person)}
            </option>
          ))}
        </SelectField>
        <div className={styles.pair}>
          <ChoiceField
            label={t('manager.fix.location')}
            value={form.locationId}
            options={locations.map((location) => ({ id: location.id, label: location.fullyQualifiedName ?? location.name }))}
            onChange={(locationId) => update({ locationId }, ['location'])}
            error={error('location')}
            required={locationRequired}
          />
          <ChoiceField
            label={t('manager.fix.workType')}
            value={form.workTypeId}
            options={workTypes.map((workType) => ({ id: workType.id, label: workType.name }))}
            onChange={(workTypeId) => update({ workTypeId }, ['workType'])}
            error={error('workType')}
            required={workTypeRequired}
          />
        </div>
        <ShiftTimeFields value={form} error={error} onChange={update} />
        <BreakFields
          idPrefix="roster-shift"
          breaks={form.breaks}
          showPaid
          errorOf={(index) => error(`break.${index}`)}
          onChange={(breaks, touched) => update({ breaks }, touched.map((i) => `break.${i}` as const))}
        />
        <NoteField id="roster-shift-notes" label={t('manager.roster.notes')} value={form.notes} onChange={(notes) => update({ notes }, ['notes'])} error={error('notes')} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
            {t('manager.roster.cancel')}
          </Button>
          <Button type="submit" size="large" icon={<CheckIcon />} disabled={save.isPending}>
            {editing ? t('manager.roster.saveChanges') : t('manager.roster.addSubmit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
