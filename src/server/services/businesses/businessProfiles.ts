/**
 * Businesses as the API shows them (BusinessModel): validating a submitted name and zone, who may
 * create a business, creating one for its first user, and listing the businesses a caller can
 * reach, a page at a time.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type {
  BusinessModel,
  CreateBusinessModelInput,
  UpdateBusinessModelInput,
} from '../../../contract/routes/business';
import { isValidTimeZone } from '../../../domain/time';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/openDatabase';
import { businessAccess, businesses, users } from '../../db/schema';
import { PAGE_LIMITS } from '../../../contract/paging';
import type { Env } from '../../env';
import { ApiError, invalidField } from '../../errors/apiError';
import { field, type FieldMap } from '../../lists/odata/fields';
import { pageOf, planList, type ListPlan, type ListSpec, type ODataQuery } from '../../lists/odata/planList';
import type { BusinessRow } from './businesses';
import { createBusiness } from './provisioning';
import { normaliseEmail } from '../../auth/normaliseEmail';
import { withTransaction } from '../../db/transactions';

export const DEFAULT_BUSINESS_ZONE = 'Europe/London';

export function toBusinessModel(row: BusinessRow): BusinessModel {
  return {
    id: row.id,
    name: row.name,
    externalId: row.externalId,
    ianaTimeZone: row.ianaTimeZone,
    smsNotificationsEnabled: row.smsNotificationsEnabled,
    country: row.country,
  };
}

function checkedName(name: string | null | undefined): string {
  const trimmed = name?.trim();
  if (!trimmed) throw invalidField('validation-failed', 'name', 'A business needs a name.');
  return trimmed;
}

function checkedZone(zone: string): string {
  if (!isValidTimeZone(zone)) {
    throw invalidField('validation-failed', 'ianaTimeZone', `"${zone}" is not a known IANA time zone.`);
  }
  return zone;
}

/**
 * Who may create a business: the service's operators (ADMIN_EMAIL, and the addresses in
 * BUSINESS_CREATORS, where `*` opens sign-up to every user), and users who already have
 * unrestricted access to a business (an owner adding another). Not kiosk devices, and not users
 * who only have restricted access or none (such as someone who merely holds an account).
 */
export async function mayCreateBusiness(db: Database, user: { userId: number; email: string }, settings: Env): Promise<boolean> {
  const operators = settings.BUSINESS_CREATORS.split(',')
    .map((entry) => normaliseEmail(entry))
    .filter((entry) => entry !== '');
  if (settings.ADMIN_EMAIL) operators.push(normaliseEmail(settings.ADMIN_EMAIL));
  if (operators.includes('*') || operators.includes(normaliseEmail(user.email))) return true;
  const [owned] = await db
    .select({ businessId: businessAccess.businessId })
    .from(businessAccess)
    .where(and(eq(businessAccess.userId, user.userId), eq(businessAccess.accessType, 'Unrestricted')))
    .limit(1);
  return owned !== undefined;
}

export const businessCreationForbidden = () =>
  new ApiError(403, 'business-creation-forbidden', 'You may not create a business.', {
    detail:
      'On this service, businesses are created by its operators and by administrators of an existing business. ' +
      'Ask an administrator of your business to invite you, or the operator to create one for you.',
  });

/** Creates a business owned by `userId`, who gets unrestricted access to it. */
export async function createBusinessFor(db: Database, userId: number, input: CreateBusinessModelInput): Promise<BusinessRow> {
  const name = checkedName(input.name);
  const ianaTimeZone = checkedZone(input.ianaTimeZone?.trim() || DEFAULT_BUSINESS_ZONE);
  return withTransaction(db, async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.id, userId));
    if (!owner) throw new Error(`user ${userId} vanished`);
    return createBusiness(tx, {
      name,
      ianaTimeZone,
      externalId: input.externalId?.trim() || null,
      smsNotificationsEnabled: Boolean(input.smsNotificationsEnabled),
      ...(input.country ? { country: input.country.toUpperCase() } : {}),
      owner,
    });
  });
}

/** Applies a business update; omitted zone and SMS switch keep their values. */
export async function updateBusinessProfile(
  db: Database,
  current: BusinessRow,
  input: UpdateBusinessModelInput,
): Promise<BusinessRow> {
  const name = checkedName(input.name);
  const zone = input.ianaTimeZone?.trim();
  const [row] = await db
    .update(businesses)
    .set({
      name,
      ianaTimeZone: zone ? checkedZone(zone) : current.ianaTimeZone,
      smsNotificationsEnabled: input.smsNotificationsEnabled ?? current.smsNotificationsEnabled,
      country: input.country ? input.country.toUpperCase() : current.country,
    })
    .where(eq(businesses.id, current.id))
    .returning();
  if (!row) throw new Error('update returned no business');
  return row;
}

const BUSINESS_LIST: ListSpec = {
  fields: {
    id: field.int(businesses.id),
    name: field.text(businesses.name),
    externalId: field.text(businesses.externalId),
    ianaTimeZone: field.text(businesses.ianaTimeZone),
    smsNotificationsEnabled: field.bool(businesses.smsNotificationsEnabled),
    country: field.text(businesses.country),
  } satisfies FieldMap<keyof BusinessModel>,
  limits: PAGE_LIMITS.settings,
  defaultOrder: [asc(businesses.id)],
  key: [businesses.id],
};

/** Plans a `GET /api/v2/business` request (validates its OData; no database access). */
export const planBusinessList = (query: ODataQuery) => planList(query, BUSINESS_LIST);

/** One page of the businesses a principal can reach: a user's linked businesses, or a device's own one. */
export async function listBusinessPage(db: Database, principal: Principal, plan: ListPlan): Promise<BusinessModel[]> {
  const reach =
    principal.kind === 'device'
      ? eq(businesses.id, principal.businessId)
      : inArray(businesses.id, db.select({ id: businessAccess.businessId }).from(businessAccess).where(eq(businessAccess.userId, principal.userId)));
  const rows = await pageOf(db.select().from(businesses).$dynamic(), plan, reach);
  return rows.map(toBusinessModel);
}
