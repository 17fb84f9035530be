/**
 * The Staff list without React: every employee of the business with what a manager needs in one
 * row: whether THIS kiosk lists them, which kiosks do (the service's answer; the listing rule and
 * the planning of a change are the domain's, kioskStaff.ts), and a PIN lockout, the service's or
 * this tablet's own (an offline lockout not yet reported). Locked people come first.
 */
import type { BasicKioskEmployeeModel, EmployeeDetailsModel } from '../../../client';
import type { EmployeeKioskAccessModel, PinLockoutModel } from '../../../contract/supporting/staffAccess';
import type { KioskAccessState } from '../../../domain/kioskStaff';
import { foldForSearch } from '../../i18n/search';
import { displayName } from './onSite';

export interface PersonRow {
  employeeId: number;
  name: string;
  email: string | null;
  /** Listed on this kiosk (may use it). */
  onThisKiosk: boolean;
  /** The kiosks that list them, with what decides it; null when the caller may not read it (not an administrator). */
  access: { kioskIds: number[]; state: KioskAccessState } | null;
  /** Until when their PIN is locked, and where the lock is known ('service', or only 'tablet'). */
  lock: { until: Date; where: 'service' | 'tablet' } | null;
}

export interface LocalLockout {
  employeeId: number;
  lockedUntil: string | null;
}

function lockOf(employeeId: number, service: ReadonlyMap<number, PinLockoutModel>, local: ReadonlyMap<number, LocalLockout>, now: Date): PersonRow['lock'] {
  const fromService = service.get(employeeId);
  if (fromService) return { until: new Date(fromService.lockedUntilUtc), where: 'service' };
  const here = local.get(employeeId)?.lockedUntil;
  return here && Date.parse(here) > now.getTime() ? { until: new Date(here), where: 'tablet' } : null;
}

export interface PeopleSources {
  details: readonly EmployeeDetailsModel[];
  staff: readonly BasicKioskEmployeeModel[];
  access: readonly EmployeeKioskAccessModel[] | null;
  lockouts: readonly PinLockoutModel[];
  localLockouts: readonly LocalLockout[];
  now: Date;
}

/** Every employee: locked ones first, then by name. */
export function peopleRows(sources: PeopleSources): PersonRow[] {
  const onKiosk = new Set(sources.staff.map((s) => s.employeeId));
  const access = new Map((sources.access ?? []).map((a) => [a.employeeId, a]));
  const service = new Map(sources.lockouts.map((l) => [l.employeeId, l]));
  const local = new Map(sources.localLockouts.map((l) => [l.employeeId, l]));
  return sources.details
    .map((d): PersonRow => {
      const known = access.get(d.id);
      return {
        employeeId: d.id,
        name: displayName({ name: null, firstName: d.preferredName || d.firstName, surname: d.surname }),
        email: d.emailAddress,
        onThisKiosk: onKiosk.has(d.id),
        access: sources.access === null ? null : { kioskIds: known?.kioskIds ?? [], state: { isKioskEnabled: known?.isKioskEnabled ?? false, locationIds: known?.locationIds ?? [] } },
        lock: lockOf(d.id, service, local, sources.now),
      };
    })
    .sort((a, b) => Number(b.lock !== null) - Number(a.lock !== null) || a.name.localeCompare(b.name) || a.employeeId - b.employeeId);
}

export function matchesPerson(row: Pick<PersonRow, 'employeeId' | 'name' | 'email'>, query: string): boolean {
  const needle = foldForSearch(query.trim());
  if (!needle) return true;
  // An all-digit search is also an employee number (the kiosk's "Use my employee number").
  if (/^\d+$/.test(needle) && String(row.employeeId) === needle) return true;
  return foldForSearch(row.name).includes(needle) || (row.email !== null && foldForSearch(row.email).includes(needle));
}

/** The kept staff as a card's search lists them (name and number), matched as the Staff tab matches; everyone for an empty search. */
export function staffMatching(staff: readonly BasicKioskEmployeeModel[], query: string): Array<{ employeeId: number; name: string }> {
  return staff.map((person) => ({ employeeId: person.employeeId, name: displayName(person), email: null })).filter((person) => matchesPerson(person, query));
}
