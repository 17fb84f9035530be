/**
 * The signed-in person's My hours, shared by the actions screen (which says at sign-in what the
 * manager left them to read) and the My hours screen, so both show the same answer.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { loadMyHours } from '../../../offline/myHours';
import { useRuntime } from '../../runtime/RuntimeContext';

const keyOf = (kioskId: number, employeeId: number) => ['myHours', kioskId, employeeId] as const;

export function useMyHours(employeeId: number) {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const key = keyOf(runtime.kiosk.kioskId, employeeId);
  // loadMyHours falls back to the tablet's copy offline: never let TanStack pause it.
  const query = useQuery({ queryKey: key, queryFn: () => loadMyHours(runtime, employeeId), networkMode: 'always', staleTime: 0, gcTime: 0 });
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: key }), [queryClient, key]);
  return { query, reload };
}
