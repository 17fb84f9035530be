/**
 * Building complete BusinessAccessModel documents: every non-nullable member present, as the
 * contract requires the service to emit them; from submitted access, and widened by more access.
 */
import {
  UserPermission,
  type BusinessAccessModel,
  type CreateBusinessAccessModelInput,
  type KioskAccessModel,
  type RelatedUserType,
} from '../../../contract/generated/models';

export const NO_KIOSK_ACCESS: KioskAccessModel = { kiosks: [], accessType: 'None', permissions: 'ApproveTimesheets' };

export function accessModel(
  name: string,
  email: string,
  accessType: RelatedUserType,
  kioskAccess: KioskAccessModel | null = accessType === 'Unrestricted' ? { kiosks: [], accessType: 'AllKiosks', permissions: 'AddEmployeeFromKiosk' } : NO_KIOSK_ACCESS,
): BusinessAccessModel {
  return {
    accessType,
    employeeGroups: [],
    locationAccess: [],
    reports: null,
    kioskAccess,
    payrollAccess: null,
    name,
    email,
  };
}

/** The enum's first member: what the SDK means when it leaves the field out (contract 1.4). */
const DEFAULT_PERMISSION: UserPermission = 'ApproveTimesheets';

/** Canonical flags text: known members in declaration order, `A, B`; the first member when empty. */
function flags(...values: Array<string | null | undefined>): string {
  const wanted = new Set(values.flatMap((value) => (value ?? '').split(',').map((part) => part.trim())));
  const members = UserPermission.options.filter((member) => wanted.has(member));
  return members.length > 0 ? members.join(', ') : DEFAULT_PERMISSION;
}

export const unique = (ids: readonly number[] | null | undefined) => [...new Set(ids ?? [])];

/** The stored model for submitted access; omitted kiosk rights follow the access type's default. */
export function buildModel(input: CreateBusinessAccessModelInput, user: { name: string; email: string }): BusinessAccessModel {
  const base = accessModel(user.name, user.email, input.accessType);
  const kiosk = input.kioskAccess;
  return {
    ...base,
    employeeGroups: (input.employeeGroups ?? []).map((group) => ({
      employeeGroupId: group.employeeGroupId,
      permissions: flags(group.permissions),
    })),
    locationAccess: (input.locationAccess ?? []).map((entry) => ({
      filterType: entry.filterType,
      locationIds: unique(entry.locationIds),
      permissions: flags(entry.permissions),
    })),
    reports: input.reports
      ? {
          accessType: input.reports.accessType,
          specificReports: input.reports.specificReports ?? null,
          noReportingRestriction: input.reports.noReportingRestriction,
        }
      : null,
    kioskAccess: kiosk
      ? {
          accessType: kiosk.accessType,
          kiosks: kiosk.accessType === 'SpecificKiosks' ? unique(kiosk.kiosks) : [],
          permissions: flags(kiosk.permissions),
        }
      : base.kioskAccess,
    payrollAccess: input.payrollAccess
      ? {
          approveElectronicPayrollLodgement: input.payrollAccess.approveElectronicPayrollLodgement,
          userBusinessRestrictionCount: input.payrollAccess.userBusinessRestrictionCount,
          payRunApprovalAccess: input.payrollAccess.payRunApprovalAccess ?? null,
          payRunCreationAccess: input.payrollAccess.payRunCreationAccess ?? null,
          selectedPaySchedulesForPayRunApproval: input.payrollAccess.selectedPaySchedulesForPayRunApproval ?? null,
          selectedPaySchedulesForPayRunCreation: input.payrollAccess.selectedPaySchedulesForPayRunCreation ?? null,
        }
      : null,
  };
}

function mergeKioskAccess(a: KioskAccessModel | null, b: KioskAccessModel | null): KioskAccessModel | null {
  if (!a || a.accessType === 'None') return b ?? a;
  if (!b || b.accessType === 'None') return a;
  const all = a.accessType === 'AllKiosks' || b.accessType === 'AllKiosks';
  return {
    accessType: all ? 'AllKiosks' : 'SpecificKiosks',
    kiosks: all ? [] : unique([...(a.kiosks ?? []), ...(b.kiosks ?? [])]),
    permissions: flags(a.permissions, b.permissions),
  };
}

/**
 * Widens existing access with new access: the broader access type and kiosk rights win, group and
 * location grants are combined, and report/payroll settings are replaced only when given.
 */
export function mergeModels(existing: BusinessAccessModel, incoming: BusinessAccessModel): BusinessAccessModel {
  const groups = new Map<number, string>();
  for (const group of [...(existing.employeeGroups ?? []), ...(incoming.employeeGroups ?? [])]) {
    groups.set(group.employeeGroupId, flags(groups.get(group.employeeGroupId), group.permissions));
  }
  const locationsByKey = new Map(
    [...(existing.locationAccess ?? []), ...(incoming.locationAccess ?? [])].map((entry) => [JSON.stringify(entry), entry]),
  );
  return {
    accessType: existing.accessType === 'Unrestricted' || incoming.accessType === 'Unrestricted' ? 'Unrestricted' : 'Restricted',
    employeeGroups: [...groups].map(([employeeGroupId, permissions]) => ({ employeeGroupId, permissions })),
    locationAccess: [...locationsByKey.values()],
    reports: incoming.reports ?? existing.reports,
    kioskAccess: mergeKioskAccess(existing.kioskAccess, incoming.kioskAccess),
    payrollAccess: incoming.payrollAccess ?? existing.payrollAccess,
    name: incoming.name,
    email: incoming.email,
  };
}
