/**
 * Manager mode's badge requests and their query keys: the business's and this kiosk's mode, the
 * kiosk's badges in use, issuing and revoking. One place, so the cards invalidate the same keys.
 */
import { useQuery } from '@tanstack/react-query';
import {
  getBadgeSettings,
  getKioskBadgeSettings,
  issueBadges,
  listKioskBadges,
  revokeBadge,
  updateBadgeSettings,
  updateKioskBadgeSettings,
} from '../../../contract/routes/badges';
import type { BadgeMode } from '../../../domain/badges';
import { useRuntime } from '../../runtime/RuntimeContext';
import { MANAGER_KEY, useManagerApi } from './ManagerContext';

export const badgeKeys = (kioskId: number) => [MANAGER_KEY, kioskId, 'badges'] as const;

export function useBadgeRequests() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const business = { businessId: kiosk.businessId };
  const here = { businessId: kiosk.businessId, kioskId: kiosk.kioskId };
  return {
    businessMode: () => api.call((client) => client.call(getBadgeSettings, { path: business })),
    kioskMode: () => api.call((client) => client.call(getKioskBadgeSettings, { path: here })),
    saveBusinessMode: (mode: BadgeMode) => api.call((client) => client.call(updateBadgeSettings, { path: business, body: { mode } })),
    saveKioskMode: (mode: BadgeMode | null) => api.call((client) => client.call(updateKioskBadgeSettings, { path: here, body: { mode } })),
    list: () => api.call((client) => client.call(listKioskBadges, { path: here })),
    issue: (employeeIds: number[]) => api.call((client) => client.call(issueBadges, { path: here, body: { employeeIds } })),
    revoke: (badgeId: number) => api.call((client) => client.call(revokeBadge, { path: { ...here, badgeId } })),
  };
}

/** The kiosk's badges in use, by employee. */
export function useKioskBadges() {
  const requests = useBadgeRequests();
  const { kiosk } = useRuntime();
  return useQuery({ queryKey: [...badgeKeys(kiosk.kioskId), 'list'], queryFn: requests.list });
}
