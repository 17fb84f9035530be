/**
 * Kiosk access per kiosk for the Staff screen: the business's kiosks, its locations and who each
 * kiosk lists (GET kioskaccess, administrators only: null for anyone else), the domain's plan of
 * a change before it is made (what else it would change, for the confirmation), and the change
 * itself (PUT .../staff/{employeeId}/access), after which the lists and the kiosk's own copy refresh.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { readAllPages, type ApiClient, type TimeAndAttendanceKioskModel } from '../../../client';
import { PAGE_LIMITS } from '../../../contract/paging';
import { listKioskAccess, setKioskAccess } from '../../../contract/routes/staffAccess';
import type { KioskAccessChangeModel } from '../../../contract/supporting/staffAccess';
import { planKioskAccess, type KioskAccessPlan, type KioskAccessState } from '../../../domain/kioskStaff';
import { useRuntime } from '../../runtime/RuntimeContext';
import { isDenied, toFailure } from './failures';
import { MANAGER_KEY, useAfterKioskChange, useManagerApi } from './ManagerContext';

export interface KioskAccessData {
  kiosks: readonly TimeAndAttendanceKioskModel[];
  /** Who is on which kiosk; null when the caller may not read it. */
  access: Awaited<ReturnType<typeof readAccess>> | null;
  locations: ReadonlyArray<{ id: number; name: string }>;
}

function readAccess(client: ApiClient, businessId: number) {
  return readAllPages((page) => client.call(listKioskAccess, { path: { businessId }, query: { $top: String(page.$top), $skip: String(page.$skip) } }), PAGE_LIMITS.employees);
}

export const kioskAccessKey = (kioskId: number) => [MANAGER_KEY, kioskId, 'kioskAccess'] as const;

export function useKioskAccessData() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  return useQuery({
    queryKey: kioskAccessKey(kiosk.kioskId),
    queryFn: async (): Promise<KioskAccessData> => {
      const kiosks = await api.call((client) => client.kiosks.list(kiosk.businessId));
      const locations = await api.call((client) => client.locations.list(kiosk.businessId));
      const access = await api.call((client) => readAccess(client, kiosk.businessId)).catch((error: unknown) => {
        if (isDenied(toFailure(error))) return null;
        throw error;
      });
      return { kiosks, access, locations: locations.map(({ id, name }) => ({ id, name: name ?? String(id) })) };
    },
  });
}

/** What switching `hasAccess` at `kioskId` would do to a person (the domain's plan). */
export function planFor(data: KioskAccessData, state: KioskAccessState, kioskId: number, hasAccess: boolean): KioskAccessPlan | null {
  const target = data.kiosks.find((k) => k.id === kioskId);
  if (!target) return null;
  return planKioskAccess(state, { id: target.id, locationId: target.locationId ?? null }, hasAccess, {
    kiosks: data.kiosks.map((k) => ({ id: k.id, locationId: k.locationId ?? null })),
    businessLocationIds: data.locations.map((location) => location.id),
  });
}

export interface AccessChange {
  employeeId: number;
  kioskId: number;
  hasAccess: boolean;
}

/** The change, sent once per intent (a retried tap reuses it); afterwards everything that shows it refreshes. */
export function useSetKioskAccess() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const afterChange = useAfterKioskChange();
  const mutation = useMutation({
    mutationFn: (change: AccessChange): Promise<KioskAccessChangeModel> =>
      api.fix('staffAccess.setKioskAccess', change, (client) =>
        client.call(setKioskAccess, {
          path: { businessId: kiosk.businessId, kioskId: change.kioskId, employeeId: change.employeeId },
          body: { hasAccess: change.hasAccess },
        }),
      ),
    onSuccess: () => afterChange(),
  });
  const change = useCallback((value: AccessChange) => mutation.mutateAsync(value), [mutation]);
  return { change, pending: mutation.isPending ? (mutation.variables ?? null) : null };
}
