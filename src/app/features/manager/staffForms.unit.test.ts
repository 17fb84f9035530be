import { describe, expect, it } from 'vitest';
import { checkNewPerson, EMPTY_PERSON, newPersonFieldOf } from './staffForms';

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
        firstName: { key: 'manager.staff.firstNameRequired' },
        surname: { key: 'manager.staff.surnameRequired' },
        email: { key: 'manager.staff.emailInvalid' },
        mobile: { key: 'manager.staff.mobileInvalid' },
        pin: { key: 'manager.staff.pinInvalid' },
      },
    });
    const base = { ...EMPTY_PERSON, firstName: 'A', surname: 'B' };
    expect(checkNewPerson({ ...base, pin: '123', pinAgain: '123' })).toEqual({ ok: false, errors: { pin: { key: 'manager.staff.pinInvalid' } } });
    expect(checkNewPerson({ ...base, pin: '123456789', pinAgain: '123456789' })).toEqual({ ok: false, errors: { pin: { key: 'manager.staff.pinInvalid' } } });
    expect(checkNewPerson({ ...base, pin: '4821', pinAgain: '4812' })).toEqual({ ok: false, errors: { pinAgain: { key: 'manager.staff.pinMismatch' } } });
    // A PIN anyone could guess is refused with its reason.
    expect(checkNewPerson({ ...base, pin: '1234', pinAgain: '1234' })).toEqual({ ok: false, errors: { pin: { key: 'pin.problem.sequence' } } });
    expect(checkNewPerson({ ...base, pin: '7777', pinAgain: '7777' })).toEqual({ ok: false, errors: { pin: { key: 'pin.problem.repeated' } } });
  });

  it('refuses text longer than the contract takes, saying the limit, before anything is sent', () => {
    const long = 'A'.repeat(150);
    expect(checkNewPerson({ ...EMPTY_PERSON, firstName: long, surname: 'B', pin: '4821', pinAgain: '4821' })).toEqual({
      ok: false,
      errors: { firstName: { key: 'staff.tooLong', values: { max: 100 } } },
    });
    expect(checkNewPerson({ ...EMPTY_PERSON, firstName: 'A'.repeat(100), surname: 'B', pin: '4821', pinAgain: '4821' }).ok).toBe(true);
  });

  it('maps the service’s field names to the form', () => {
    expect(newPersonFieldOf('mobileNumber')).toBe('mobile');
    expect(newPersonFieldOf('pin')).toBe('pin');
    expect(newPersonFieldOf('something')).toBeNull();
  });
});

