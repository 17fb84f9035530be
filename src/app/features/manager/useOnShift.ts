/** The people of the live staff list with an open shift, by name (for the fix-shift pickers). */
import { useMemo } from 'react';
import type { BasicKioskEmployeeModel } from '../../../client';
import { isOnShift } from '../../../domain/attendance';
import { displayName } from './onSite';

export function useOnShift(staff: readonly BasicKioskEmployeeModel[] | undefined): BasicKioskEmployeeModel[] {
  return useMemo(() => (staff ?? []).filter((p) => isOnShift(p.status)).sort((a, b) => displayName(a).localeCompare(displayName(b))), [staff]);
}
