/**
 * The one seam between a live punch and the database. Reads in: the employee (locked in a
 * transaction), carrying as one JSON value everything else the punch needs (punchReads.ts); the
 * route guard may have read it with the caller already. Writes out: what the domain
 * decided, as one statement of data-modifying CTEs (punchWrites.ts), held back to go with the
 * idempotency record when the punch is the request's last (db/finalWrite.ts). How many statements
 * a punch costs is decided here and nowhere else (routes/kiosk/punchStatements.test.ts holds them
 * to a budget): recordPunch says what happens, this module how it is fetched and stored. So a
 * faster driver or prepared statements change this folder only.
 */
import type { SQL } from 'drizzle-orm';
import type { ClockOffModelInput } from '../../../../contract/generated/models';
import type { PunchKind } from '../../../../domain/attendance';
import type { Database } from '../../../db/openDatabase';
import { punchPhotos, shiftNotes, type punches } from '../../../db/schema';
import { runCompiled } from '../../../db/compiledStatements';
import { NeedsTransaction, type FinalWriteSink } from '../../../db/finalWrite';
import type { ChoiceInput } from '../clockOnChoices';
import { describePrincipal } from '../../../auth/principal';
import { checkKioskEmployee, loadKioskEmployeeWith, type EmployeeRow } from '../../people/kioskEmployees';
import { recordWebhookEvents, type RaisedWebhookEvent } from '../../webhooks/webhookEvents';
import type { PunchContext } from '../punchContext';
import type { Photo } from '../photos';
import { loadShiftToComplete, punchReadOf, punchReadStatement, punchReadValues, readMadeFor, type PunchRead, type PunchReads, type ShiftToComplete } from './punchReads';
import { writePunch, type PunchWrite } from './punchWrites';

/** What a punch reads besides the employee: the rules' inputs (how it was read stays in here). */
export type PunchInputs = Omit<PunchReads, 'hooks' | 'open'>;

/** A punch's note, as stored on its shift. */
export type PunchNote = Omit<typeof shiftNotes.$inferInsert, 'shiftId'>;
export type StoredNote = typeof shiftNotes.$inferSelect;

/** What a punch writes: PunchWrite with its note given whole (the store decides how it is sent). */
export type PunchToWrite = Omit<PunchWrite, 'note'> & { note: PunchNote | null };

export interface PunchStore {
  /** Reads the punching employee (locked, in a transaction) and, in the same statement, all a punch of `kind` at `at` needs (`choices`: a clock-on's). */
  lockEmployee(employeeId: number, kind: PunchKind, at: Date, choices: ChoiceInput): Promise<{ employee: EmployeeRow; inputs: PunchInputs }>;
  /** The open shift a clock-off completes: as the read found it when that read is still current, else read again. */
  shiftToComplete(shiftId: number): Promise<ShiftToComplete>;
  storePhoto(photo: Photo): Promise<number>;
  /** Stores the punch; answers a clock-off's line id and the stored note when they are needed afterwards (web hooks). */
  write(punch: PunchToWrite): Promise<{ lineId: number | null; note: StoredNote | null }>;
  /** Raises the punch's web hook events; `build` runs only when the business has a registration. */
  announce(build: () => Promise<RaisedWebhookEvent[]> | RaisedWebhookEvent[]): Promise<void>;
}

export interface PunchStoreOptions {
  /** Where the punch's write waits for the idempotency record (db/finalWrite.ts): nothing reads or writes after it. */
  sink?: FinalWriteSink | null;
  /** What the route guard read beside the caller (punchReads.punchCallerRead), used when it is this punch's read. */
  prefetched?: unknown;
  /** Told the punch's journal entry (`<seq>:<hash>`) when the write ran at once (a held write's is set by the idempotency layer). */
  onJournalEntry?: (entry: string) => void;
}

/**
 * The store of one live punch in `tx`. With an optimistic sink, `tx` is no transaction: the
 * employee is read without a lock (the caller's statement may have read it already) and the write
 * goes only if the row is unchanged since (db/finalWrite.ts), else the idempotency layer runs the
 * request again.
 */
export function openPunchStore(tx: Database, ctx: PunchContext, options: PunchStoreOptions = {}): PunchStore {
  const sink = options.sink ?? null;
  const optimistic = sink?.mode === 'optimistic';
  let read: PunchRead | null = null;
  const reads = (): PunchRead => {
    if (!read) throw new Error('a punch store was used before it read the employee');
    return read;
  };
  return {
    async lockEmployee(employeeId, kind, at, choices) {
      const request = { businessId: ctx.businessId, employeeId, kind, at, choices };
      let value = optimistic ? readMadeFor(options.prefetched, request) : null;
      if (value === null) {
        const [row] = await runCompiled<{ read: unknown }>(tx, punchReadStatement(kind, !optimistic), punchReadValues(request, ctx.point));
        value = row?.read ?? null;
      }
      read = punchReadOf(value, ctx.businessId, kind === 'clockOn' ? (choices.classificationId ?? null) : null);
      const employee = checkKioskEmployee(read?.employee, employeeId, punchingRules(ctx, kind === 'clockOn'));
      const { hooks: _hooks, open: _open, ...inputs } = reads().reads;
      return { employee, inputs };
    },

    shiftToComplete(shiftId) {
      // As read with the employee when no punch committed since its snapshot; else afresh (punchReads.ts).
      const { open } = reads().reads;
      return open?.id === shiftId ? Promise.resolve(open) : loadShiftToComplete(tx, ctx.businessId, shiftId);
    },

    storePhoto(photo) {
      if (optimistic) throw new NeedsTransaction('its photo is stored before the punch');
      return storePhoto(tx, ctx.businessId, photo, ctx.now);
    },

    async write(punch) {
      // A web hook event carries the note's stored row, so then the note is inserted on its own and
      // read back, and the write cannot be held (its line id is read after it). Otherwise the note
      // rides in the punch's statement.
      const { reads: { hooks }, version } = reads();
      if (hooks && optimistic) throw new NeedsTransaction('its web hook events are raised after the write');
      const written = await writePunch(tx, { ...punch, note: hooks ? null : punch.note }, hooks ? null : sink, optimistic ? { version } : null);
      if (written.journalEntry !== null) options.onJournalEntry?.(written.journalEntry);
      const shiftId = punch.openShift?.id ?? punch.shiftId;
      let note: StoredNote | null = null;
      if (punch.note && hooks && shiftId !== null) {
        [note = null] = await tx.insert(shiftNotes).values({ ...punch.note, shiftId }).returning();
      }
      return { lineId: written.lineId, note };
    },

    async announce(build) {
      // Without a registration recordWebhookEvents would find nobody listening: the read asked already.
      if (!reads().reads.hooks) return;
      await recordWebhookEvents(tx, ctx.businessId, await build());
    },
  };
}

/**
 * The punching employee, locked: kiosk-enabled at a kiosk; at the portal, the self-service link is
 * the permission. A shift starts (`startsShift`: clock-on, addshift) only at a kiosk that lists the
 * employee (domain/kioskStaff.ts); breaks and clock-off of an open shift are taken anywhere, so a
 * shift stays closable after the employee's locations change.
 */
export async function loadPunchingEmployee(tx: Database, ctx: PunchContext, employeeId: number, startsShift = false): Promise<EmployeeRow> {
  return (await loadPunchingEmployeeWith(tx, ctx, employeeId, startsShift, null)).row;
}

/** Who may punch at the point (kioskEmployees.checkKioskEmployee's options). */
function punchingRules(ctx: PunchContext, startsShift: boolean) {
  const atKiosk = startsShift && ctx.point.kind === 'kiosk' ? { locationId: ctx.point.locationId } : undefined;
  return { now: ctx.now, kioskAccess: ctx.point.kind === 'kiosk', atKiosk };
}

/** loadPunchingEmployee, also reading `also` in the lock's statement (kioskEmployees.loadKioskEmployeeWith). */
function loadPunchingEmployeeWith(tx: Database, ctx: PunchContext, employeeId: number, startsShift: boolean, also: SQL | null) {
  return loadKioskEmployeeWith(tx, ctx.businessId, employeeId, { lock: true, ...punchingRules(ctx, startsShift) }, also);
}


/** Stores a punch photo at `storedAt` (the service's clock: retention counts from it). */
export async function storePhoto(tx: Database, businessId: number, photo: Photo, storedAt: Date): Promise<number> {
  const [row] = await tx.insert(punchPhotos).values({ businessId, contentType: photo.contentType, data: photo.data, createdAt: storedAt }).returning({ id: punchPhotos.id });
  if (!row) throw new Error('insert returned no photo');
  return row.id;
}

/** What a punch body says about the device, kept in the punch's audit row. */
type PunchDevice = Pick<ClockOffModelInput, 'utcOffset' | 'latitude' | 'longitude' | 'ipAddress' | 'isAdminInitiated'>;

/** The audit row of one punch, live or part of an addshift. */
export function punchAuditRow(
  ctx: PunchContext,
  body: PunchDevice,
  punch: { employeeId: number; shiftId: number | null; kind: PunchKind; at: Date; recordedTimeUtc: Date | null; photoId: number | null; photoExempt: boolean },
): typeof punches.$inferInsert {
  return {
    businessId: ctx.businessId,
    employeeId: punch.employeeId,
    shiftId: punch.shiftId,
    kioskId: ctx.point.id,
    kind: punch.kind,
    timeOfRecordUtc: punch.at,
    recordedTimeUtc: punch.recordedTimeUtc,
    receivedUtc: ctx.now,
    utcOffset: body.utcOffset ?? null,
    latitude: body.latitude?.toString() ?? null,
    longitude: body.longitude?.toString() ?? null,
    ipAddress: body.ipAddress ?? null,
    isAdminInitiated: body.isAdminInitiated,
    photoId: punch.photoId,
    photoExempt: punch.photoExempt,
    principal: describePrincipal(ctx.principal),
  };
}
