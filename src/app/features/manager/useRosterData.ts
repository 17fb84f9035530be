/**
 * The Roster tab's server data, through manager mode's react-query keys: the business's zone and
 * clock-on window (kiosk value, else the business's, via domain matchingWindow), the week's roster
 * shifts for this kiosk's location (every location when the kiosk has none), the business's
 * clocked shifts of the week to compare them with (wherever the person clocked on: they came), and
 * the pick-lists of the shift form.
 */
import { useQuery } from '@tanstack/react-query';
import { ROSTER_LIST } from '../../../contract/paging';
import type { UkRosterShiftGenerateTimesheetModel } from '../../../contract/generated/models';
import { matchingWindow } from '../../../domain/roster';
import { useI18n } from '../../i18n/I18nProvider';
import { useRuntime } from '../../runtime/RuntimeContext';
import { useKioskSettings } from '../../runtime/useKioskSettings';
import { MANAGER_KEY, useKioskModel, useManagerApi } from './ManagerContext';
import type { Week } from './rosterBoard';
import { instantOf } from './shiftForms';

/** Pages of the roster read at most (PageSize at its maximum), so a runaway list cannot hang the tab. */
const MAX_ROSTER_PAGES = 20;

export const rosterKeys = {
  all: (kioskId: number) => [MANAGER_KEY, kioskId, 'roster'] as const,
  week: (kioskId: number, from: string, locationId: number | null) => [MANAGER_KEY, kioskId, 'roster', 'week', from, locationId] as const,
  clocked: (kioskId: number, from: string) => [MANAGER_KEY, kioskId, 'roster', 'clocked', from] as const,
  business: (kioskId: number) => [MANAGER_KEY, kioskId, 'business'] as const,
  portal: (kioskId: number) => [MANAGER_KEY, kioskId, 'portalSettings'] as const,
  locations: (kioskId: number) => [MANAGER_KEY, kioskId, 'locations'] as const,
  workTypes: (kioskId: number) => [MANAGER_KEY, kioskId, 'workTypes'] as const,
};

/** The business's own zone (roster times are its wall clock); the kiosk's until it is known. */
export function useBusinessZone(): string {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const { format } = useI18n();
  const business = useQuery({
    queryKey: rosterKeys.business(kiosk.kioskId),
    queryFn: () => api.call((client) => client.businesses.get(kiosk.businessId)),
    staleTime: 5 * 60_000,
  });
  return business.data?.ianaTimeZone ?? format.zone;
}

export function useRosterData(week: Week, now: Date) {
  const api = useManagerApi();
  const runtime = useRuntime();
  const { kiosk } = runtime;
  const { format } = useI18n();
  const local = useKioskSettings(runtime.db);
  const model = useKioskModel();
  const kioskModel = model.data ?? local ?? null;
  const locationId = kioskModel?.locationId ?? null;
  const portal = useQuery({
    queryKey: rosterKeys.portal(kiosk.kioskId),
    queryFn: () => api.call((client) => client.settings.get(kiosk.businessId)),
    staleTime: 5 * 60_000,
  });
  const windowMinutes = matchingWindow(kioskModel?.clockOnWindowMinutes, portal.data?.clockOnWindowMinutes);
  const known = kioskModel !== null;

  const roster = useQuery({
    queryKey: rosterKeys.week(kiosk.kioskId, week.from, locationId),
    enabled: known,
    refetchInterval: 60_000,
    queryFn: () =>
      api.call(async (client) => {
        const shifts: UkRosterShiftGenerateTimesheetModel[] = [];
        for (let page = 1; page <= MAX_ROSTER_PAGES; page += 1) {
          const batch = await client.roster.list(kiosk.businessId, {
            FromDate: `${week.from}T00:00:00`,
            ToDate: week.to,
            SelectAllRoles: true,
            PageSize: ROSTER_LIST.maxPageSize,
            CurrentPage: page,
            ...(locationId !== null ? { LocationId: locationId } : {}),
          });
          shifts.push(...batch);
          if (batch.length < ROSTER_LIST.maxPageSize) break;
        }
        return shifts;
      }),
  });

  const from = instantOf(week.from, '00:00', format.zone);
  const to = instantOf(week.to, '00:00', format.zone, 1);
  const started = from !== null && from.getTime() <= now.getTime();
  const clocked = useQuery({
    queryKey: rosterKeys.clocked(kiosk.kioskId, week.from),
    enabled: known && started,
    refetchInterval: 30_000,
    queryFn: () =>
      api.call((client) =>
        client.shifts.search(kiosk.businessId, {
          fromDateUtc: from?.toISOString() ?? null,
          // Up to now (the search's default) for the current week; a past week to its end.
          ...(to && to.getTime() < now.getTime() ? { toDateUtc: to.toISOString() } : {}),
        }),
      ),
  });

  return { roster, clocked, windowMinutes, locationId, kioskModel };
}

/** The business's locations and work types (not shift conditions), for the shift form. */
export function useRosterPickLists() {
  const api = useManagerApi();
  const { kiosk } = useRuntime();
  const locations = useQuery({
    queryKey: rosterKeys.locations(kiosk.kioskId),
    queryFn: () => api.call((client) => client.locations.list(kiosk.businessId)),
    staleTime: 5 * 60_000,
  });
  const workTypes = useQuery({
    queryKey: rosterKeys.workTypes(kiosk.kioskId),
    queryFn: () => api.call((client) => client.workTypes.list(kiosk.businessId)),
    staleTime: 5 * 60_000,
  });
  return {
    locations: locations.data ?? [],
    workTypes: (workTypes.data ?? []).filter((w) => w.mappingType !== 'ShiftCondition'),
  };
}
