import { describe, expect, it } from 'vitest';
import type { BasicKioskEmployeeModel, EmployeeDetailsModel } from '../../../client';
import { matchesPerson, peopleRows, type PeopleSources } from './staffPeople';

const detail = (id: number, firstName: string, surname: string, patch: Partial<EmployeeDetailsModel> = {}) =>
  ({ id, firstName, surname, preferredName: null, emailAddress: null, ...patch }) as EmployeeDetailsModel;
const onKiosk = (employeeId: number) => ({ employeeId }) as BasicKioskEmployeeModel;
const NOW = new Date('2026-07-01T09:00:00Z');
const base: PeopleSources = { details: [], staff: [], access: null, lockouts: [], localLockouts: [], now: NOW };

describe('peopleRows', () => {
  it('lists every employee by name, with whether this kiosk lists them and which kiosks do', () => {
    const rows = peopleRows({
      ...base,
      details: [detail(1, 'Zoe', 'Adams'), detail(2, 'Amara', 'Okafor', { emailAddress: 'amara@example.com' }), detail(3, 'Robert', 'Lee', { preferredName: 'Bob' })],
      staff: [onKiosk(2)],
      access: [
        { employeeId: 2, isKioskEnabled: true, locationIds: [5], kioskIds: [10] },
        { employeeId: 3, isKioskEnabled: true, locationIds: [6], kioskIds: [20] },
      ],
    });
    expect(rows.map((r) => [r.name, r.onThisKiosk, r.access?.kioskIds, r.lock])).toEqual([
      ['Amara Okafor', true, [10], null],
      ['Bob Lee', false, [20], null],
      ['Zoe Adams', false, [], null],
    ]);
  });

  it('puts locked people first, from the service or only this tablet, and forgets a lock that ran out', () => {
    const rows = peopleRows({
      ...base,
      details: [detail(1, 'Ada', 'A'), detail(2, 'Grace', 'Kim'), detail(3, 'Hiro', 'H'), detail(4, 'Ivy', 'I')],
      lockouts: [{ employeeId: 2, failedAttempts: 0, lockedUntilUtc: '2026-07-01T09:15:00.000Z' }],
      localLockouts: [
        { employeeId: 3, lockedUntil: '2026-07-01T09:10:00.000Z' },
        { employeeId: 4, lockedUntil: '2026-07-01T08:59:00.000Z' },
      ],
    });
    expect(rows.map((r) => [r.name, r.lock?.where ?? null])).toEqual([
      ['Grace Kim', 'service'],
      ['Hiro H', 'tablet'],
      ['Ada A', null],
      ['Ivy I', null],
    ]);
    expect(rows[0]?.access).toBeNull();
  });
});

describe('matchesPerson', () => {
  it('finds people by any part of the name or e-mail, ignoring accents and case', () => {
    const row = { employeeId: 1, name: 'José Núñez', email: 'jn@example.com' };
    expect(matchesPerson(row, 'nunez')).toBe(true);
    expect(matchesPerson(row, 'JOSE')).toBe(true);
    expect(matchesPerson(row, 'jn@')).toBe(true);
    expect(matchesPerson(row, '  ')).toBe(true);
    expect(matchesPerson(row, 'maria')).toBe(false);
  });

  it('finds a person by their whole employee number, not by part of it', () => {
    const row = { employeeId: 1042, name: 'Ana Ruiz', email: null };
    expect(matchesPerson(row, '1042')).toBe(true);
    expect(matchesPerson(row, '104')).toBe(false);
  });
});
