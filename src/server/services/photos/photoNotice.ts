/**
 * Acknowledgements of a business's photo notice: a person reads it once, on the tablet about to take
 * their first photo, and the acknowledgement is kept here so no other tablet asks again. The first
 * to arrive is kept (a tablet that had not heard yet, or a replay, changes nothing); tablets learn
 * who has acknowledged from their policy. A self-service client reads the notice as it applies to
 * the employee and acknowledges it the same way, at no kiosk.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { PhotoNoticeAcknowledgementInputModel, PhotoNoticeAcknowledgementModel, SelfServicePhotoNoticeModel } from '../../../contract/supporting/photos';
import type { Database } from '../../db/openDatabase';
import { readInTurn } from '../../db/transactions';
import { employees, photoNoticeAcknowledgements } from '../../db/schema';
import { readSettings } from '../businesses/settings';
import { readPhotoPolicy } from './photoPolicy';
import { invalidField } from '../../errors/apiError';
import type { Page } from '../../lists/odata/planList';
import { requireEmployeeOf } from '../punches/devicePunches';
import { timeOfRecord } from '../punches/punchChecks';

/** How far ahead of the service's clock a tablet's acknowledgement time may be (clock skew). */
const FUTURE_SLACK_MS = 5 * 60_000;

type Row = typeof photoNoticeAcknowledgements.$inferSelect;

function toModel(row: Row): PhotoNoticeAcknowledgementModel {
  return { employeeId: row.employeeId, kioskId: row.kioskId, acknowledgedUtc: row.acknowledgedUtc.toISOString(), receivedUtc: row.receivedUtc.toISOString() };
}

/** Keeps the person's acknowledgement made at this kiosk, unless one is kept already; answers the kept one. */
export async function acknowledgePhotoNotice(
  db: Database,
  ctx: { businessId: number; kioskId: number; now: Date },
  body: PhotoNoticeAcknowledgementInputModel,
): Promise<PhotoNoticeAcknowledgementModel> {
  const at = timeOfRecord(body.acknowledgedUtc, ctx.now, 'acknowledgedUtc');
  if (at.getTime() > ctx.now.getTime() + FUTURE_SLACK_MS) throw invalidField('validation-failed', 'acknowledgedUtc', 'acknowledgedUtc is in the future.');
  await requireEmployeeOf(db, ctx.businessId, body.employeeId);
  return keepAcknowledgement(db, { businessId: ctx.businessId, employeeId: body.employeeId, kioskId: ctx.kioskId, at, now: ctx.now });
}

/** Keeps the acknowledgement unless the person has one already; answers the kept (first) one. */
async function keepAcknowledgement(db: Database, ack: { businessId: number; employeeId: number; kioskId: number | null; at: Date; now: Date }): Promise<PhotoNoticeAcknowledgementModel> {
  await db
    .insert(photoNoticeAcknowledgements)
    .values({ employeeId: ack.employeeId, businessId: ack.businessId, kioskId: ack.kioskId, acknowledgedUtc: ack.at, receivedUtc: ack.now })
    .onConflictDoNothing({ target: photoNoticeAcknowledgements.employeeId });
  const [kept] = await db.select().from(photoNoticeAcknowledgements).where(eq(photoNoticeAcknowledgements.employeeId, ack.employeeId));
  if (!kept) throw new Error(`The photo notice acknowledgement of employee ${ack.employeeId} was not kept`);
  return toModel(kept);
}

/** The employee acknowledged the notice through self-service: at the service's time, at no kiosk. */
export async function acknowledgePhotoNoticeInSelfService(db: Database, ctx: { businessId: number; employeeId: number; now: Date }): Promise<PhotoNoticeAcknowledgementModel> {
  await requireEmployeeOf(db, ctx.businessId, ctx.employeeId);
  return keepAcknowledgement(db, { ...ctx, kioskId: null, at: ctx.now });
}

/** The notice as it applies to one employee in self-service: their photos, the words, the retention, their acknowledgement. */
export async function selfServicePhotoNotice(db: Database, businessId: number, employeeId: number): Promise<SelfServicePhotoNoticeModel> {
  const [portal, policy, [employee], [ack]] = await readInTurn(
    () => readSettings(db, businessId, 'portal'),
    () => readPhotoPolicy(db, businessId),
    () => db.select({ exempt: employees.photoExempt }).from(employees).where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId))),
    () => db.select().from(photoNoticeAcknowledgements).where(eq(photoNoticeAcknowledgements.employeeId, employeeId)),
  );
  const exempt = employee?.exempt ?? false;
  return {
    photoRequired: portal.requirePhoto && !exempt,
    exempt,
    notice: policy.notice,
    retentionDays: policy.retentionDays,
    acknowledgedUtc: ack ? ack.acknowledgedUtc.toISOString() : null,
  };
}

/** The business's people who have acknowledged the notice, by id (the kiosk policy's list). */
export async function photoNoticeAcknowledgedIds(db: Database, businessId: number): Promise<number[]> {
  const rows = await db
    .select({ id: photoNoticeAcknowledgements.employeeId })
    .from(photoNoticeAcknowledgements)
    .where(eq(photoNoticeAcknowledgements.businessId, businessId))
    .orderBy(asc(photoNoticeAcknowledgements.employeeId));
  return rows.map((row) => row.id);
}

/** One page of the business's acknowledgements, by employee id. */
export async function listPhotoNoticeAcknowledgements(db: Database, businessId: number, page: Page): Promise<PhotoNoticeAcknowledgementModel[]> {
  const rows = await db
    .select()
    .from(photoNoticeAcknowledgements)
    .where(eq(photoNoticeAcknowledgements.businessId, businessId))
    .orderBy(asc(photoNoticeAcknowledgements.employeeId))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toModel);
}
