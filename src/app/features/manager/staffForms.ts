/**
 * Staff data for manager mode, without React: checking the "add a person" form and turning it into
 * the staff.add body (PIN rules from the shared pin policy), mapping the service's field names back
 * to the form, and the people list (the business's employees, with kiosk access on or off).
 */
import type { AddKioskEmployeeInput, BasicKioskEmployeeModel, EmployeeDetailsModel } from '../../../client';
import { pinProblemCode } from '../../../domain/pinPolicy';
import { pinProblemSaid } from './pinProblemSaid';
import type { MessageKey } from '../../i18n/catalogue';
import { foldForSearch } from '../../i18n/search';
import { displayName } from './onSite';

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

export type NewPersonCheck =
  | { ok: true; body: AddKioskEmployeeInput }
  | { ok: false; errors: Partial<Record<NewPersonField, MessageKey>> };

export function checkNewPerson(form: NewPersonForm): NewPersonCheck {
  const errors: Partial<Record<NewPersonField, MessageKey>> = {};
  const firstName = form.firstName.trim();
  const surname = form.surname.trim();
  const email = form.email.trim();
  const mobile = form.mobile.trim();
  if (!firstName) errors.firstName = 'manager.staff.firstNameRequired';
  if (!surname) errors.surname = 'manager.staff.surnameRequired';
  if (email && !EMAIL.test(email)) errors.email = 'manager.staff.emailInvalid';
  if (mobile && !MOBILE.test(mobile)) errors.mobile = 'manager.staff.mobileInvalid';
  const pinProblem = pinProblemCode(form.pin);
  if (pinProblem) errors.pin = pinProblemSaid(pinProblem);
  else if (form.pin !== form.pinAgain) errors.pinAgain = 'manager.staff.pinMismatch';
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

export interface PersonRow {
  employeeId: number;
  name: string;
  email: string | null;
  /** On the kiosk staff list, i.e. may use kiosks. */
  hasKioskAccess: boolean;
}

/** Every employee of the business, alphabetically, with whether they may use the kiosk. */
export function peopleRows(details: readonly EmployeeDetailsModel[], staff: readonly BasicKioskEmployeeModel[]): PersonRow[] {
  const onKiosk = new Set(staff.map((s) => s.employeeId));
  return details
    .map((d) => ({
      employeeId: d.id,
      name: displayName({ name: null, firstName: d.preferredName || d.firstName, surname: d.surname }),
      email: d.emailAddress,
      hasKioskAccess: onKiosk.has(d.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.employeeId - b.employeeId);
}

export function matchesPerson(row: PersonRow, query: string): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  // An all-digit search is also an employee number (the kiosk's "Use my employee number").
  if (/^\d+$/.test(needle) && String(row.employeeId) === needle) return true;
  return foldForSearch(row.name).includes(needle) || (row.email !== null && foldForSearch(row.email).includes(needle));
}
