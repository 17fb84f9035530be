/**
 * Tenancy and permissions: may this principal act on this business, and how?
 *
 * - A caller with no tie to the business gets 404, exactly as if it did not exist.
 * - Unrestricted users may do everything in their business.
 * - Restricted users may read, and operate the kiosks their KioskAccessModel allows.
 * - An enrolled device may operate only its own kiosk.
 * - Employee self-service (`/api/v2/ess/{employeeId}`) is open only to a user linked to that
 *   employee (authorizeSelf); it grants nothing in the business itself.
 */
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { BusinessAccessModel } from '../../contract/generated/models';
import type { Database } from '../db/openDatabase';
import { businessAccess, businesses, employees, kiosks, selfServiceLinks } from '../db/schema';
import { ApiError, forbidden } from '../errors/apiError';
import type { CallerReads, Principal } from './principal';

/** A stored access model, parsed (a bad one is a server fault). */
export function parseModel(raw: unknown, businessId: number, userId: number): BusinessAccessModel {
  const parsed = BusinessAccessModel.safeParse(raw);
  if (!parsed.success) throw new Error(`Stored access of user ${userId} in business ${businessId} is not valid`);
  return parsed.data;
}

/** The user's access to the business, or null when they have none. */
export async function accessOf(db: Database, businessId: number, userId: number): Promise<BusinessAccessModel | null> {
  const [row] = await db
    .select({ model: businessAccess.model })
    .from(businessAccess)
    .where(and(eq(businessAccess.businessId, businessId), eq(businessAccess.userId, userId)));
  return row ? parseModel(row.model, businessId, userId) : null;
}

export type Need =
  /** Any tie to the business at all (a device of it, or any of its users). */
  | { kind: 'member' }
  /** Change business-wide data (settings, locations, access...): unrestricted users only. */
  | { kind: 'admin' }
  /** Read business-wide data: any user of the business. */
  | { kind: 'read' }
  /** Operate one kiosk: its devices, and users with kiosk rights to it. */
  | { kind: 'kiosk'; kioskId: number }
  /** Kiosk operations not tied to one kiosk (hasaccess, shift search). */
  | { kind: 'anyKiosk' };

export interface Grant {
  principal: Principal;
  businessId: number;
  isAdmin: boolean;
  /** The kiosks this caller may operate. */
  kiosks: 'all' | readonly number[];
  /** The access model of a user caller (null for devices and self-service). */
  access: BusinessAccessModel | null;
  /** Set on a self-service grant: the one employee the caller acts as. */
  selfService?: { employeeId: number };
  /** The kiosk in the path as read with the caller (principal.ts CallerReads); undefined when not read. */
  kiosk?: CallerReads['kiosk'];
  /** The business's country when read with the grant (self-service), for its regional models; undefined when not read. */
  country?: string;
}

export const unauthenticated = () =>
  new ApiError(401, 'unauthenticated', 'Authentication is required.', {
    detail: 'Send an OAuth bearer token, an API key (HTTP Basic, key as user name) or a device token.',
    headers: { 'www-authenticate': 'Bearer realm="kiosk", Basic realm="kiosk"' },
  });

const businessNotFound = () =>
  new ApiError(404, 'not-found', 'Not found.', { detail: 'The business was not found.' });

function userKiosks(access: BusinessAccessModel): 'all' | number[] {
  if (access.accessType === 'Unrestricted') return 'all';
  const kioskAccess = access.kioskAccess;
  if (!kioskAccess || kioskAccess.accessType === 'None') return [];
  if (kioskAccess.accessType === 'AllKiosks') return 'all';
  return kioskAccess.kiosks ?? [];
}

async function isOpenToRestrictedUsers(db: Database, businessId: number, kioskId: number, reads: CallerReads): Promise<boolean> {
  if (reads.kiosk !== undefined && (reads.kiosk === null || reads.kiosk.id === kioskId)) {
    return reads.kiosk?.availableToAllRestrictedUsersWithKioskAccess ?? false;
  }
  const [row] = await db
    .select({ open: kiosks.availableToAllRestrictedUsersWithKioskAccess })
    .from(kiosks)
    .where(and(eq(kiosks.id, kioskId), eq(kiosks.businessId, businessId)));
  return row?.open ?? false;
}

/**
 * Throws 401/403/404 unless the principal may do what `need` describes in the business. `reads`:
 * what the caller's statement already read (the user's access, the kiosk), so it is not read again.
 */
export async function authorize(db: Database, principal: Principal | null, businessId: number, need: Need, reads: CallerReads = {}): Promise<Grant> {
  if (!principal) throw unauthenticated();
  const kiosk = reads.kiosk === undefined ? {} : { kiosk: reads.kiosk };
  if (principal.kind === 'device') {
    if (principal.businessId !== businessId) throw businessNotFound();
    const grant: Grant = { principal, businessId, isAdmin: false, kiosks: [principal.kioskId], access: null, ...kiosk };
    if (need.kind === 'anyKiosk' || need.kind === 'member') return grant;
    if (need.kind === 'kiosk' && need.kioskId === principal.kioskId) return grant;
    throw forbidden(
      need.kind === 'kiosk'
        ? `This device is enrolled to kiosk ${principal.kioskId} and cannot use kiosk ${need.kioskId}.`
        : 'A kiosk device cannot use this operation; sign in as a manager.',
    );
  }
  const access =
    reads.access === undefined ? await accessOf(db, businessId, principal.userId) : reads.access === null ? null : parseModel(reads.access, businessId, principal.userId);
  if (!access) throw businessNotFound();
  const isAdmin = access.accessType === 'Unrestricted';
  const kioskIds = userKiosks(access);
  const grant: Grant = { principal, businessId, isAdmin, kiosks: kioskIds, access, ...kiosk };
  switch (need.kind) {
    case 'member':
    case 'read':
      return grant;
    case 'admin':
      if (isAdmin) return grant;
      throw forbidden('Only users with unrestricted access to the business can do this.');
    case 'anyKiosk':
      if (kioskIds === 'all' || kioskIds.length > 0) return grant;
      throw forbidden('You have no kiosk access in this business.');
    case 'kiosk':
      if (kioskIds === 'all' || kioskIds.includes(need.kioskId)) return grant;
      if (access.kioskAccess && access.kioskAccess.accessType !== 'None' && (await isOpenToRestrictedUsers(db, businessId, need.kioskId, reads))) {
        return grant;
      }
      throw forbidden(`You have no access to kiosk ${need.kioskId}.`);
  }
}

const employeeNotFound = (employeeId: number) =>
  new ApiError(404, 'not-found', 'Not found.', { detail: `Employee ${employeeId} was not found.` });

/**
 * Self-service: the caller must be a user linked to the employee (self_service_links), and the
 * employee not terminated. Everyone else (another employee's user, a manager without a link, a
 * device) gets 404, as if the employee did not exist. The grant carries the employee's business
 * and the employee, and no business access at all.
 */
export async function authorizeSelf(db: Database, principal: Principal | null, employeeId: number, now: Date): Promise<Grant> {
  if (!principal) throw unauthenticated();
  if (principal.kind !== 'user') throw employeeNotFound(employeeId);
  const [link] = await db
    .select({ businessId: selfServiceLinks.businessId, country: businesses.country })
    .from(selfServiceLinks)
    .innerJoin(employees, and(eq(employees.id, selfServiceLinks.employeeId), eq(employees.businessId, selfServiceLinks.businessId)))
    .innerJoin(businesses, eq(businesses.id, selfServiceLinks.businessId))
    .where(
      and(
        eq(selfServiceLinks.userId, principal.userId),
        eq(selfServiceLinks.employeeId, employeeId),
        or(isNull(employees.endDate), gt(employees.endDate, now)),
      ),
    );
  if (!link) throw employeeNotFound(employeeId);
  return { principal, businessId: link.businessId, isAdmin: false, kiosks: [], access: null, selfService: { employeeId }, country: link.country };
}

/** True when the grant lets the caller operate the given kiosk (for filtering lists). */
export function grantCoversKiosk(grant: Grant, kioskId: number): boolean {
  return grant.kiosks === 'all' || grant.kiosks.includes(kioskId);
}

/** True for managers allowed to add employees from a kiosk (AddEmployeeFromKiosk), and devices. */
export function grantMayAddEmployees(grant: Grant): boolean {
  if (grant.principal.kind === 'device' || grant.isAdmin) return true;
  const permissions = grant.access?.kioskAccess?.permissions;
  return typeof permissions === 'string' && permissions.split(',').map((p) => p.trim()).includes('AddEmployeeFromKiosk');
}
