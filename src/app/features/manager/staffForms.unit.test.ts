import { describe, expect, it } from 'vitest';
import type { BasicKioskEmployeeModel, EmployeeDetailsModel } from '../../../client';
import { checkNewPerson, EMPTY_PERSON, matchesPerson, newPersonFieldOf, peopleRows } from './staffForms';

describe('checkNewPerson', () => {
  it('trims the details and sends empty contact details as null', () => {
    const check = checkNewPerson({ ...EMPTY_PERSON, firstName: ' José ', surname: 'Núñez ', pin: '4821', pinAgain: '4821' });
    expect(check).toEqual({ ok: true, body: { firstName: 'José', surname: 'Núñez', email: null, mobileNumber: null, pin: '4821' } });
    const withContact = checkNewPerson({ firstName: 'Ana', surname: 'Ruiz', email: ' ana@example.com ', mobile: '+44 7700 900123', pin: '48213957', pinAgain: '48213957' });
    expect(withContact).toMatchObject({ ok: true, body: { email: 'ana@example.com', mobileNumber: '+44 7700 900123' } });
  });

  it('names each problem on its field, with the shared PIN rules', () => {
    expect(checkNewPerson({ ...EMPTY_PERSON, email: 'not-an-address', mobile: 'call me', pin: '12a4', pinAgain: '12a4' })).toEqual({
      ok: false,
      errors: {
        firstName: 'manager.staff.firstNameRequired',
        surname: 'manager.staff.surnameRequired',
        email: 'manager.staff.emailInvalid',
        mobile: 'manager.staff.mobileInvalid',
        pin: 'manager.staff.pinInvalid',
      },
    });
    const base = { ...EMPTY_PERSON, firstName: 'A', surname: 'B' };
    expect(checkNewPerson({ ...base, pin: '123', pinAgain: '123' })).toEqual({ ok: false, errors: { pin: 'manager.staff.pinInvalid' } });
    expect(checkNewPerson({ ...base, pin: '123456789', pinAgain: '123456789' })).toEqual({ ok: false, errors: { pin: 'manager.staff.pinInvalid' } });
    expect(checkNewPerson({ ...base, pin: '4821', pinAgain: '4812' })).toEqual({ ok: false, errors: { pinAgain: 'manager.staff.pinMismatch' } });
    // A PIN anyone could guess is refused with its reason.
    expect(checkNewPerson({ ...base, pin: '1234', pinAgain: '1234' })).toEqual({ ok: false, errors: { pin: 'pin.problem.sequence' } });
    expect(checkNewPerson({ ...base, pin: '7777', pinAgain: '7777' })).toEqual({ ok: false, errors: { pin: 'pin.problem.repeated' } });
  });

  it('maps the service’s field names to the form', () => {
    expect(newPersonFieldOf('mobileNumber')).toBe('mobile');
    expect(newPersonFieldOf('pin')).toBe('pin');
    expect(newPersonFieldOf('something')).toBeNull();
  });
});

describe('people', () => {
  const detail = (id: number, firstName: string, surname: string, patch: Partial<EmployeeDetailsModel> = {}) =>
    ({ id, firstName, surname, preferredName: null, emailAddress: null, ...patch }) as EmployeeDetailsModel;
  const onKiosk = (employeeId: number) => ({ employeeId }) as BasicKioskEmployeeModel;

  it('lists every employee by name with their kiosk access', () => {
    const rows = peopleRows(
      [detail(1, 'Zoe', 'Adams'), detail(2, 'Amara', 'Okafor', { emailAddress: 'amara@example.com' }), detail(3, 'Robert', 'Lee', { preferredName: 'Bob' })],
      [onKiosk(2)],
    );
    expect(rows).toEqual([
      { employeeId: 2, name: 'Amara Okafor', email: 'amara@example.com', hasKioskAccess: true },
      { employeeId: 3, name: 'Bob Lee', email: null, hasKioskAccess: false },
      { employeeId: 1, name: 'Zoe Adams', email: null, hasKioskAccess: false },
    ]);
  });

  it('finds people by any part of the name or e-mail, ignoring accents and case', () => {
    const row = { employeeId: 1, name: 'José Núñez', email: 'jn@example.com', hasKioskAccess: true };
    expect(matchesPerson(row, 'nunez')).toBe(true);
    expect(matchesPerson(row, 'JOSE')).toBe(true);
    expect(matchesPerson(row, 'jn@')).toBe(true);
    expect(matchesPerson(row, '  ')).toBe(true);
    expect(matchesPerson(row, 'maria')).toBe(false);
  });

  it('finds a person by their whole employee number, not by part of it', () => {
    const row = { employeeId: 1042, name: 'Ana Ruiz', email: null, hasKioskAccess: true };
    expect(matchesPerson(row, '1042')).toBe(true);
    expect(matchesPerson(row, '104')).toBe(false);
  });
});
