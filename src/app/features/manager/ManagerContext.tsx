/**
 * Manager mode's plumbing for its screens: the manager API (session-aware client) through context,
 * the query keys of its server data (all under ['manager', kioskId], so leaving manager mode can
 * drop every cached answer at once), and the queries more than one section reads.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext } from 'react';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { failureSaid, say, toFailure, type Said } from './failures';
import type { ManagerApi } from './session';

export const ManagerApiContext = createContext<ManagerApi | null>(null);

export function useManagerApi(): ManagerApi {
  const api = useContext(ManagerApiContext);
  if (!api) throw new Error('useManagerApi outside manager mode');
  return api;
}

export const MANAGER_KEY = 'manager';

export const managerKeys = {
  all: [MANAGER_KEY] as const,
  staff: (kioskId: number) => [MANAGER_KEY, kioskId, 'staff'] as const,
  people: (kioskId: number) => [MANAGER_KEY, kioskId, 'people'] as const,
  kiosk: (kioskId: number) => [MANAGER_KEY, kioskId, 'kiosk'] as const,
  notes: (kioskId: number) => [MANAGER_KEY, kioskId, 'notes'] as const,
  lookup: (kioskId: number, employeeId: number) => [MANAGER_KEY, kioskId, 'lookup', employeeId] as const,
};

/** The live staff list (with server status), refreshed every `refetchMs` when given. */
export function useLiveStaff(refetchMs?: number) {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  return useQuery({
    queryKey: managerKeys.staff(kiosk.kioskId),
    queryFn: () => api.call((client) => client.staff.list(kiosk)),
    ...(refetchMs ? { refetchInterval: refetchMs } : {}),
  });
}

/** The kiosk's definition as the service has it. */
export function useKioskModel() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  return useQuery({
    queryKey: managerKeys.kiosk(kiosk.kioskId),
    queryFn: () => api.call((client) => client.kiosks.get(kiosk.businessId, kiosk.kioskId)),
  });
}

/**
 * After a change that the kiosk shows (staff, statuses, settings): refetch manager data and the
 * kiosk's own copy, so the staff grid is right when manager mode closes.
 */
export function useAfterKioskChange() {
  const queryClient = useQueryClient();
  const runtime = useRuntime();
  return useCallback(async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: [MANAGER_KEY, runtime.kiosk.kioskId] }), runtime.refresh()]);
  }, [queryClient, runtime]);
}

/** Renders a Said (catalogue message or the service's words) in the current language. */
export function useSay(): (said: Said) => string {
  const { t } = useI18n();
  return useCallback((said: Said) => say(t, said), [t]);
}

/** The message for whatever a manager request threw, in the current language. */
export function useSayFailure(): (error: unknown) => string {
  const sayIt = useSay();
  return useCallback((error: unknown) => sayIt(failureSaid(toFailure(error))), [sayIt]);
}
