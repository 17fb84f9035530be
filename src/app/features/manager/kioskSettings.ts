/**
 * The kiosk settings form without React: the editable part of the kiosk model as form values,
 * checking them, and the whole model back for kiosks.update (fields this screen does not edit are
 * sent back unchanged, so saving never resets them). Also the searchable list of IANA time zones.
 */
import type { KioskInput, TimeAndAttendanceKioskModel } from '../../../client';
import { isValidTimeZone } from '../../../domain/time';
import type { MessageKey } from '../../i18n/catalogue';
import { foldForSearch } from '../../i18n/search';

export interface KioskSettingsForm {
  name: string;
  ianaTimeZone: string;
  isPhotoRequired: boolean;
  isLocationRequired: boolean;
  isWorkTypeRequired: boolean;
  paidBreaksEnabled: boolean;
  canAddEmployees: boolean;
  /** Minutes as typed; empty means "no window". */
  clockOnWindowMinutes: string;
  clockOffWindowMinutes: string;
}

export type KioskSettingsField = keyof KioskSettingsForm;

export const SWITCHES = ['isPhotoRequired', 'isLocationRequired', 'isWorkTypeRequired', 'paidBreaksEnabled', 'canAddEmployees'] as const;
export type KioskSwitch = (typeof SWITCHES)[number];

export function formOf(model: TimeAndAttendanceKioskModel, fallbackZone: string): KioskSettingsForm {
  const minutes = (value: number | null) => (value === null ? '' : String(value));
  return {
    name: model.name ?? '',
    ianaTimeZone: model.ianaTimeZone || fallbackZone,
    isPhotoRequired: model.isPhotoRequired ?? false,
    isLocationRequired: model.isLocationRequired,
    isWorkTypeRequired: model.isWorkTypeRequired,
    paidBreaksEnabled: model.paidBreaksEnabled,
    canAddEmployees: model.canAddEmployees,
    clockOnWindowMinutes: minutes(model.clockOnWindowMinutes),
    clockOffWindowMinutes: minutes(model.clockOffWindowMinutes),
  };
}

export const MAX_WINDOW_MINUTES = 24 * 60;

function windowOf(text: string): number | null | 'invalid' {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const value = Number(trimmed);
  return value > MAX_WINDOW_MINUTES ? 'invalid' : value;
}

export type KioskSettingsCheck = { ok: true; body: KioskInput } | { ok: false; errors: Partial<Record<KioskSettingsField, MessageKey>> };

/** Checks the form and builds the whole kiosk model to save. */
export function buildKioskUpdate(model: TimeAndAttendanceKioskModel, form: KioskSettingsForm): KioskSettingsCheck {
  const errors: Partial<Record<KioskSettingsField, MessageKey>> = {};
  const name = form.name.trim();
  if (!name) errors.name = 'manager.settings.nameRequired';
  if (!isValidTimeZone(form.ianaTimeZone)) errors.ianaTimeZone = 'manager.settings.zoneInvalid';
  const on = windowOf(form.clockOnWindowMinutes);
  const off = windowOf(form.clockOffWindowMinutes);
  if (on === 'invalid') errors.clockOnWindowMinutes = 'manager.settings.windowInvalid';
  if (off === 'invalid') errors.clockOffWindowMinutes = 'manager.settings.windowInvalid';
  if (Object.keys(errors).length > 0 || on === 'invalid' || off === 'invalid') return { ok: false, errors };
  // `timeZone` is the legacy zone field; it follows the IANA zone unless it was set to something else.
  const timeZone = !model.timeZone || model.timeZone === model.ianaTimeZone ? form.ianaTimeZone : model.timeZone;
  return {
    ok: true,
    body: {
      ...model,
      name,
      timeZone,
      ianaTimeZone: form.ianaTimeZone,
      isPhotoRequired: form.isPhotoRequired,
      isLocationRequired: form.isLocationRequired,
      isWorkTypeRequired: form.isWorkTypeRequired,
      paidBreaksEnabled: form.paidBreaksEnabled,
      canAddEmployees: form.canAddEmployees,
      clockOnWindowMinutes: on,
      clockOffWindowMinutes: off,
    },
  };
}

export function kioskSettingsFieldOf(serviceField: string): KioskSettingsField | null {
  switch (serviceField) {
    case 'name':
    case 'ianaTimeZone':
    case 'clockOnWindowMinutes':
    case 'clockOffWindowMinutes':
      return serviceField;
    default:
      return null;
  }
}

export function isDirty(model: TimeAndAttendanceKioskModel, form: KioskSettingsForm, fallbackZone: string): boolean {
  const saved = formOf(model, fallbackZone);
  return (Object.keys(saved) as KioskSettingsField[]).some((key) => saved[key] !== form[key]);
}

/** Every zone the browser knows (plus UTC, which some engines leave out). */
export function allTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? [...zones] : [...zones, 'UTC'];
}

/**
 * Zones matching a search ("london", "new york", "madrid"): every word must appear; the chosen
 * zone is always offered first. At most `limit` results.
 */
export function searchZones(zones: readonly string[], query: string, chosen: string, limit = 30): string[] {
  const words = foldForSearch(query).split(/[\s/_,]+/).filter(Boolean);
  const hits = words.length === 0 ? [] : zones.filter((zone) => {
    const text = foldForSearch(zone.replace(/_/g, ' '));
    return words.every((word) => text.includes(word));
  });
  return [chosen, ...hits.filter((zone) => zone !== chosen)].slice(0, limit);
}
