/**
 * The "add a person" form without React: checking it and turning it into the staff.add body (PIN
 * rules from the shared pin policy, lengths from the contract's input limits, so nothing is sent
 * that the service would refuse), and mapping the service's field names back to the form.
 */
import type { AddKioskEmployeeInput } from '../../../client';
import { maxTextLength } from '../../../contract/inputLimits';
import { pinProblemCode } from '../../../domain/pinPolicy';
import { pinProblemSaid } from './pinProblemSaid';
import type { MessageKey } from '../../i18n/catalogue';
import type { Said } from './failures';

export interface NewPersonForm {
  firstName: string;
  surname: string;
  email: string;
  mobile: string;
  pin: string;
  pinAgain: string;
}

export type NewPersonField = keyof NewPersonForm;

export const EMPTY_PERSON: NewPersonForm = { firstName: '', surname: '', email: '', mobile: '', pin: '', pinAgain: '' };

/** The same shape the service accepts (one @, a dot in the domain, no spaces). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+?[\d\s().-]{6,20}$/;

/** The longest text each field takes: the contract's limit for the field it becomes. */
export const NEW_PERSON_MAX_LENGTH: Readonly<Record<Exclude<NewPersonField, 'pin' | 'pinAgain'>, number>> = {
  firstName: maxTextLength('firstName'),
  surname: maxTextLength('surname'),
  email: maxTextLength('email'),
  mobile: maxTextLength('mobileNumber'),
};

export type NewPersonCheck =
  | { ok: true; body: AddKioskEmployeeInput }
  | { ok: false; errors: Partial<Record<NewPersonField, Said>> };

export function checkNewPerson(form: NewPersonForm): NewPersonCheck {
  const errors: Partial<Record<NewPersonField, Said>> = {};
  const say = (key: MessageKey): Said => ({ key });
  const firstName = form.firstName.trim();
  const surname = form.surname.trim();
  const email = form.email.trim();
  const mobile = form.mobile.trim();
  if (!firstName) errors.firstName = say('manager.staff.firstNameRequired');
  if (!surname) errors.surname = say('manager.staff.surnameRequired');
  if (email && !EMAIL.test(email)) errors.email = say('manager.staff.emailInvalid');
  if (mobile && !MOBILE.test(mobile)) errors.mobile = say('manager.staff.mobileInvalid');
  for (const field of ['firstName', 'surname', 'email', 'mobile'] as const) {
    const max = NEW_PERSON_MAX_LENGTH[field];
    if (form[field].trim().length > max) errors[field] = { key: 'staff.tooLong', values: { max } };
  }
  const pinProblem = pinProblemCode(form.pin);
  if (pinProblem) errors.pin = say(pinProblemSaid(pinProblem));
  else if (form.pin !== form.pinAgain) errors.pinAgain = say('manager.staff.pinMismatch');
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { firstName, surname, email: email || null, mobileNumber: mobile || null, pin: form.pin } };
}

/** The form field for a field the service named in a validation failure. */
export function newPersonFieldOf(serviceField: string): NewPersonField | null {
  switch (serviceField) {
    case 'firstName':
    case 'surname':
    case 'email':
    case 'pin':
      return serviceField;
    case 'mobileNumber':
      return 'mobile';
    default:
      return null;
  }
}
