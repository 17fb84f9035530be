import { describe, expect, it } from 'vitest';
import type { TimeAndAttendanceKioskModel } from '../../../client';
import { allTimeZones, buildKioskUpdate, formOf, isDirty, kioskSettingsFieldOf, searchZones } from './kioskSettings';

const MODEL: TimeAndAttendanceKioskModel = {
  id: 3,
  externalId: 'ext-3',
  locationId: 12,
  name: 'Front door kiosk',
  timeZone: 'Europe/London',
  allowHigherClassificationSelection: true,
  branding: null,
  isLocationRequired: false,
  isWorkTypeRequired: false,
  restrictLocationsForEmployees: true,
  allowEmployeeShiftSelection: null,
  clockOnWindowMinutes: 15,
  clockOffWindowMinutes: null,
  ianaTimeZone: 'Europe/London',
  isPhotoRequired: null,
  canAddEmployees: true,
  availableToAllRestrictedUsersWithKioskAccess: false,
  paidBreaksEnabled: true,
  timesheetDimensionsEnabled: false,
};

describe('kiosk settings form', () => {
  it('shows the model as form values and is clean until something changes', () => {
    const form = formOf(MODEL, 'UTC');
    expect(form).toEqual({
      name: 'Front door kiosk',
      ianaTimeZone: 'Europe/London',
      isPhotoRequired: false,
      isLocationRequired: false,
      isWorkTypeRequired: false,
      paidBreaksEnabled: true,
      canAddEmployees: true,
      clockOnWindowMinutes: '15',
      clockOffWindowMinutes: '',
    });
    expect(isDirty(MODEL, form, 'UTC')).toBe(false);
    expect(isDirty(MODEL, { ...form, isPhotoRequired: true }, 'UTC')).toBe(true);
    expect(formOf({ ...MODEL, ianaTimeZone: null }, 'Europe/Madrid').ianaTimeZone).toBe('Europe/Madrid');
  });

  it('saves the whole model: edited fields changed, everything else as it was', () => {
    const form = { ...formOf(MODEL, 'UTC'), name: ' Back door ', ianaTimeZone: 'Europe/Madrid', isPhotoRequired: true, clockOnWindowMinutes: '', clockOffWindowMinutes: ' 30 ' };
    const check = buildKioskUpdate(MODEL, form);
    expect(check).toEqual({
      ok: true,
      body: {
        ...MODEL,
        name: 'Back door',
        ianaTimeZone: 'Europe/Madrid',
        timeZone: 'Europe/Madrid',
        isPhotoRequired: true,
        clockOnWindowMinutes: null,
        clockOffWindowMinutes: 30,
      },
    });
  });

  it('keeps a legacy time zone that differs from the IANA one', () => {
    const check = buildKioskUpdate({ ...MODEL, timeZone: 'GMT Standard Time' }, { ...formOf(MODEL, 'UTC'), ianaTimeZone: 'Europe/Madrid' });
    expect(check.ok && check.body.timeZone).toBe('GMT Standard Time');
  });

  it('refuses an empty name, an unknown zone and windows that are not whole minutes', () => {
    const form = { ...formOf(MODEL, 'UTC'), name: '  ', ianaTimeZone: 'Mars/Olympus', clockOnWindowMinutes: '-5', clockOffWindowMinutes: '2000' };
    expect(buildKioskUpdate(MODEL, form)).toEqual({
      ok: false,
      errors: {
        name: 'manager.settings.nameRequired',
        ianaTimeZone: 'manager.settings.zoneInvalid',
        clockOnWindowMinutes: 'manager.settings.windowInvalid',
        clockOffWindowMinutes: 'manager.settings.windowInvalid',
      },
    });
    expect(kioskSettingsFieldOf('ianaTimeZone')).toBe('ianaTimeZone');
    expect(kioskSettingsFieldOf('locationId')).toBeNull();
  });
});

describe('time zone search', () => {
  const zones = allTimeZones();

  it('knows the IANA zones, UTC included', () => {
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
  });

  it('matches every word, ignoring case, slashes and underscores, with the chosen zone first', () => {
    expect(searchZones(zones, 'new york', 'Europe/London')).toEqual(['Europe/London', 'America/New_York']);
    expect(searchZones(zones, 'LONDON', 'Europe/London')).toEqual(['Europe/London']);
    expect(searchZones(zones, '', 'Europe/London')).toEqual(['Europe/London']);
    expect(searchZones(zones, 'america', 'UTC', 5)).toHaveLength(5);
    expect(searchZones(zones, 'america', 'UTC', 5).slice(1).every((zone) => zone.startsWith('America/'))).toBe(true);
  });
});
