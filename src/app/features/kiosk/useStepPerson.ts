/**
 * The person a kiosk step is about, live from the kiosk's staff list. When they are gone (removed
 * from the kiosk while their step is open), the kiosk goes back to the staff grid rather than
 * leaving a blank screen until the idle timeout. Undefined while loading, null once gone.
 */
import { useEffect } from 'react';
import type { StaffRecord } from '../../../offline/records';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useStaffMember } from '../../runtime/useKioskData';
import { useUiStore } from '../../state/uiStore';

export function useStepPerson(employeeId: number): StaffRecord | null | undefined {
  const runtime = useRuntime();
  const person = useStaffMember(runtime.db, employeeId);
  const reset = useUiStore((s) => s.reset);
  useEffect(() => {
    if (person === null) reset();
  }, [person, reset]);
  return person;
}
