/**
 * Turning submitted settings into the stored documents: every field present (left-out value
 * types already took their defaults in the input schema, nullable ones become null) and the
 * rules zod cannot express checked, all failures reported together.
 */
import type {
  EmployeePortalSettingsModel,
  EmployeePortalSettingsModelInput,
  UkBusinessTimesheetSettingsModel,
  UkBusinessTimesheetSettingsModelInput,
} from '../../../contract/generated/models';
import { invalidFields, type FieldMessage } from '../../errors/apiError';

function throwIfAny(errors: FieldMessage[]): void {
  if (errors.length > 0) throw invalidFields('validation-failed', errors);
}

function notNegative(errors: FieldMessage[], values: Record<string, number | null>): void {
  for (const [field, value] of Object.entries(values)) {
    if (value !== null && value < 0) errors.push({ field, message: 'Must be 0 or more.' });
  }
}

/** The portal settings to store for a POST body. */
export function portalSettingsFromInput(input: EmployeePortalSettingsModelInput): EmployeePortalSettingsModel {
  const model: EmployeePortalSettingsModel = {
    ...input,
    clockOnWindowMinutes: input.clockOnWindowMinutes ?? null,
    clockOffWindowMinutes: input.clockOffWindowMinutes ?? null,
    clockOnReminderNotificationMinutes: input.clockOnReminderNotificationMinutes ?? null,
    clockOffReminderNotificationMinutes: input.clockOffReminderNotificationMinutes ?? null,
  };
  const errors: FieldMessage[] = [];
  notNegative(errors, {
    unavailabilityCutOff: model.unavailabilityCutOff,
    clockOnWindowMinutes: model.clockOnWindowMinutes,
    clockOffWindowMinutes: model.clockOffWindowMinutes,
    clockOnReminderNotificationMinutes: model.clockOnReminderNotificationMinutes,
    clockOffReminderNotificationMinutes: model.clockOffReminderNotificationMinutes,
  });
  throwIfAny(errors);
  return model;
}

/** The timesheet settings to store for a PUT body. */
export function timesheetSettingsFromInput(input: UkBusinessTimesheetSettingsModelInput): UkBusinessTimesheetSettingsModel {
  const model: UkBusinessTimesheetSettingsModel = { ...input, maximumPaidBreakDuration: input.maximumPaidBreakDuration ?? null };
  const errors: FieldMessage[] = [];
  notNegative(errors, { maximumPaidBreakDuration: model.maximumPaidBreakDuration });
  if (model.hasMaximumPaidBreakDuration && model.maximumPaidBreakDuration === null) {
    errors.push({ field: 'maximumPaidBreakDuration', message: 'Required when hasMaximumPaidBreakDuration is true.' });
  }
  throwIfAny(errors);
  return model;
}
