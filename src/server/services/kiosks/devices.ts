/**
 * Kiosk devices: enrolling a tablet to one kiosk with its own credential, listing and revoking
 * enrolments, the device's view of itself, and fleet health (each device's latest report, and the
 * business-wide list that flags silent devices). Only the credential's digest is stored.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  DeviceHealthReportModel,
  type DeviceHealthModel,
  type DeviceIdentityModel,
  type DeviceModel,
  type EnrolledDeviceModel,
  type FleetDeviceModel,
} from '../../../contract/routes/devices';
import { isDeviceSilent, lastHeardAt } from '../../../domain/deviceContact';
import { digest, newToken, TOKEN_PREFIX } from '../../auth/secrets';
import type { Database } from '../../db/openDatabase';
import type { Env } from '../../env';
import { businesses, devices, kiosks } from '../../db/schema';
import type { Page } from '../../lists/odata/planList';
import { readBusinessRequirements, type BusinessRequirements } from '../punches/clockOnRequirements';
import { photoExemptEmployeeIds } from '../photos/photoExemptions';
import { photoNoticeAcknowledgedIds } from '../photos/photoNotice';
import { readPhotoPolicy } from '../photos/photoPolicy';
import { DEFAULT_PHOTO_POLICY } from '../../../contract/supporting/photos';
import { readBreakRules } from '../businesses/breakRules';
import { readAttestationSettings } from '../businesses/attestationSettings';
import { currentWordings, readWrittenWordings } from '../businesses/attestationWording';
import { readLocationParents, readLocationRules } from '../businesses/locationRules';
import type { LocationParent, LocationRules } from '../../../domain/locationRules';
import { NO_ATTESTATIONS, type AttestationSettings, type WrittenWording } from '../../../domain/attestations';
import { readInTurn } from '../../db/transactions';
import { NO_BREAK_RULES, type BreakRuleSettings } from '../../../domain/breakRules';

type DeviceRow = typeof devices.$inferSelect;

function toDeviceModel(row: DeviceRow): DeviceModel {
  return {
    id: row.id,
    name: row.name,
    businessId: row.businessId,
    kioskId: row.kioskId,
    createdUtc: row.createdAt.toISOString(),
    lastSeenUtc: row.lastSeenAt?.toISOString() ?? null,
  };
}

/** Enrols a device to a kiosk (which the caller has checked) and returns its one-time credential. */
export async function enrolDevice(
  db: Database,
  input: { businessId: number; kioskId: number; name: string; enrolledByUserId: number },
  now: Date,
): Promise<EnrolledDeviceModel> {
  const token = newToken(TOKEN_PREFIX.device);
  const [row] = await db
    .insert(devices)
    .values({ ...input, tokenHash: digest(token), createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no device');
  return { id: row.id, name: row.name, businessId: row.businessId, kioskId: row.kioskId, token, createdUtc: row.createdAt.toISOString() };
}

/** One page of the kiosk's devices that are not revoked, oldest first. */
export async function listDevices(db: Database, businessId: number, kioskId: number, page: Page): Promise<DeviceModel[]> {
  const rows = await db
    .select()
    .from(devices)
    .where(and(eq(devices.businessId, businessId), eq(devices.kioskId, kioskId), isNull(devices.revokedAt)))
    .orderBy(devices.id)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toDeviceModel);
}

/** Revokes a live device of the kiosk; false when there is none with that id. */
export async function revokeDevice(db: Database, businessId: number, kioskId: number, deviceId: number, now: Date): Promise<boolean> {
  const revoked = await db
    .update(devices)
    .set({ revokedAt: now })
    .where(and(eq(devices.id, deviceId), eq(devices.businessId, businessId), eq(devices.kioskId, kioskId), isNull(devices.revokedAt)))
    .returning({ id: devices.id });
  return revoked.length > 0;
}

/** What a kiosk needs to know about punch photos of the business's people. */
type PolicyPhotos = Pick<DeviceIdentityModel['policy'], 'photoExemptEmployeeIds' | 'photoRetentionDays' | 'photoNotice' | 'photoNoticeAcknowledgedEmployeeIds'>;
const NO_POLICY_PHOTOS: PolicyPhotos = {
  photoExemptEmployeeIds: [],
  photoRetentionDays: DEFAULT_PHOTO_POLICY.retentionDays,
  photoNotice: null,
  photoNoticeAcknowledgedEmployeeIds: [],
};

/**
 * The settings a kiosk applies itself (offline PIN lockout, the long-shift notice), read from the
 * service's, the business's required clock-on choices (the kiosk asks for them),
 * whether its PIN resets may go by text message (so the kiosk offers only channels that work),
 * the business's break and rest rules (the kiosk warns from them offline), who is exempt
 * from punch photos (the kiosk does not open the camera for them), and the photo notice with who
 * has acknowledged it (the kiosk asks the others before their first photo), and the questions at
 * clock-off with the business's own wording of them (the kiosk asks offline).
 */
export function kioskPolicyOf(
  settings: Pick<Env, 'LONG_SHIFT_MINUTES' | 'PIN_MAX_ATTEMPTS' | 'PIN_LOCKOUT_MINUTES'>,
  required: BusinessRequirements = { requireWorkType: false, requireLocation: false },
  smsResets = false,
  breakRules: BreakRuleSettings = NO_BREAK_RULES,
  photos: PolicyPhotos = NO_POLICY_PHOTOS,
  attestations: AttestationSettings = NO_ATTESTATIONS,
  locationRules: LocationRules[] = [],
  locationParents: LocationParent[] = [],
  attestationWording: WrittenWording[] = [],
): DeviceIdentityModel['policy'] {
  return {
    longShiftMinutes: settings.LONG_SHIFT_MINUTES,
    pinMaxAttempts: settings.PIN_MAX_ATTEMPTS,
    pinLockoutMinutes: settings.PIN_LOCKOUT_MINUTES,
    ...required,
    smsResets,
    breakRules,
    ...photos,
    attestations,
    attestationWording,
    locationRules,
    locationParents,
  };
}

/** A live device with its kiosk's name and the kiosk policy; null when revoked or its kiosk was deleted. */
export async function deviceIdentity(db: Database, deviceId: number, settings: Env): Promise<DeviceIdentityModel | null> {
  const [row] = await db
    .select({
      id: devices.id,
      name: devices.name,
      businessId: devices.businessId,
      kioskId: devices.kioskId,
      kioskName: kiosks.name,
      smsResets: businesses.smsNotificationsEnabled,
    })
    .from(devices)
    .innerJoin(kiosks, eq(kiosks.id, devices.kioskId))
    .innerJoin(businesses, eq(businesses.id, devices.businessId))
    .where(and(eq(devices.id, deviceId), isNull(devices.revokedAt), isNull(kiosks.deletedAt)));
  if (!row) return null;
  const { smsResets, ...device } = row;
  const [required, breakRules, exempt, photoPolicy, acknowledged, attestations, locationRules, locationParents, written] = await readInTurn(
    () => readBusinessRequirements(db, row.businessId),
    () => readBreakRules(db, row.businessId),
    () => photoExemptEmployeeIds(db, row.businessId),
    () => readPhotoPolicy(db, row.businessId),
    () => photoNoticeAcknowledgedIds(db, row.businessId),
    () => readAttestationSettings(db, row.businessId),
    () => readLocationRules(db, row.businessId),
    () => readLocationParents(db, row.businessId),
    () => readWrittenWordings(db, row.businessId),
  );
  const photos = { photoExemptEmployeeIds: exempt, photoRetentionDays: photoPolicy.retentionDays, photoNotice: photoPolicy.notice, photoNoticeAcknowledgedEmployeeIds: acknowledged };
  return { ...device, policy: kioskPolicyOf(settings, required, smsResets, breakRules, photos, attestations, locationRules, locationParents, currentWordings(written)) };
}


/** Stores the calling device's health report with the service's receive time; null when the device is gone. */
export async function recordDeviceHealth(db: Database, deviceId: number, report: DeviceHealthReportModel, now: Date): Promise<DeviceHealthModel | null> {
  const [row] = await db
    .update(devices)
    .set({ health: report, healthReceivedAt: now })
    .where(and(eq(devices.id, deviceId), isNull(devices.revokedAt)))
    .returning({ id: devices.id });
  return row ? { ...report, receivedUtc: now.toISOString() } : null;
}

/** A stored report read back; null when there is none or it no longer parses (it is replaced by the next). */
function healthOf(row: Pick<DeviceRow, 'health' | 'healthReceivedAt'>): DeviceHealthModel | null {
  if (!row.healthReceivedAt) return null;
  const parsed = DeviceHealthReportModel.safeParse(row.health);
  return parsed.success ? { ...parsed.data, receivedUtc: row.healthReceivedAt.toISOString() } : null;
}

/**
 * One page of the business's live devices on kiosks not deleted, by kiosk then oldest first, limited
 * to `kioskIds` unless 'all', each with its last health report and whether it is silent at `now`.
 */
export async function listFleet(
  db: Database,
  businessId: number,
  kioskIds: 'all' | readonly number[],
  page: Page,
  now: Date,
  silentMinutes: number,
): Promise<FleetDeviceModel[]> {
  if (kioskIds !== 'all' && kioskIds.length === 0) return [];
  const rows = await db
    .select({ device: devices, kioskName: kiosks.name })
    .from(devices)
    .innerJoin(kiosks, eq(kiosks.id, devices.kioskId))
    .where(
      and(
        eq(devices.businessId, businessId),
        isNull(devices.revokedAt),
        isNull(kiosks.deletedAt),
        kioskIds === 'all' ? undefined : inArray(devices.kioskId, [...kioskIds]),
      ),
    )
    .orderBy(devices.kioskId, devices.id)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ device, kioskName }) => {
    const contact = { enrolledAt: device.createdAt, lastSeenAt: device.lastSeenAt, healthReceivedAt: device.healthReceivedAt };
    return {
      ...toDeviceModel(device),
      kioskName,
      lastHeardUtc: lastHeardAt(contact)?.toISOString() ?? null,
      isSilent: isDeviceSilent(contact, now, silentMinutes),
      health: healthOf(device),
    };
  });
}
