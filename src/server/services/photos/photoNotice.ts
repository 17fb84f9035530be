/**
 * Acknowledgements of a business's photo notice: a person reads it once, on the tablet about to take
 * their first photo, and the acknowledgement is kept here so no other tablet asks again. The first
 * to arrive is kept (a tablet that had not heard yet, or a replay, changes nothing); tablets learn
 * who has acknowledged from their policy.
 */
import { asc, eq } from 'drizzle-orm';
import type { PhotoNoticeAcknowledgementInputModel, PhotoNoticeAcknowledgementModel } from '../../../contract/supporting/photos';
import type { Database } from '../../db/openDatabase';
import { photoNoticeAcknowledgements } from '../../db/schema';
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
  await db
    .insert(photoNoticeAcknowledgements)
    .values({ employeeId: body.employeeId, businessId: ctx.businessId, kioskId: ctx.kioskId, acknowledgedUtc: at, receivedUtc: ctx.now })
    .onConflictDoNothing({ target: photoNoticeAcknowledgements.employeeId });
  const [kept] = await db.select().from(photoNoticeAcknowledgements).where(eq(photoNoticeAcknowledgements.employeeId, body.employeeId));
  if (!kept) throw new Error(`The photo notice acknowledgement of employee ${body.employeeId} was not kept`);
  return toModel(kept);
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
