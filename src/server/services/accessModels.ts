/**
 * Building complete BusinessAccessModel documents: every non-nullable member present, as the
 * contract requires the service to emit them.
 */
import type { BusinessAccessModel, KioskAccessModel, RelatedUserType } from '../../contract/generated/models';

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
