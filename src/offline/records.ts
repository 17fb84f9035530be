/**
 * The shapes of everything the kiosk keeps in IndexedDB, as zod schemas. Every read goes through
 * them (`readRecords`), so records from an older app version or damaged ones are repaired with
 * defaults or dropped, never trusted blindly. Written with zod/mini (the tree-shakable API): the
 * staff grid reads these before anything else loads, and the full zod is not needed for that.
 * `readRecord(s)` take any zod schema, classic or mini.
 */
import * as z from 'zod/mini';
import { ATTENDANCE_STATUSES, PUNCH_KINDS } from '../domain/attendance';

/** An instant as ISO text (what the service sends and the kiosk keeps). */
export const isoInstant = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'not an instant'));

/** The attendance state the domain state machine works on, with instants as ISO text. */
export const StoredAttendance = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  clockOnTimeUtc: z.nullable(isoInstant),
  breakStartTimeUtc: z.nullable(isoInstant),
  lastPunchTimeUtc: z.nullable(isoInstant),
  currentShiftId: z.nullable(z.int()),
});
export type StoredAttendance = z.infer<typeof StoredAttendance>;

export const StaffRecord = z.object({
  employeeId: z.int(),
  firstName: z.string(),
  surname: z.string(),
  name: z.string(),
  /** Lower-cased "first surname" for search and ordering. */
  sortName: z.string(),
  profileImageUrl: z.nullable(z.string()),
  hasEmail: z.boolean(),
  hasMobile: z.boolean(),
  /** As the service last reported it. */
  server: StoredAttendance,
  /** The server state with this device's unsent punches applied: what the kiosk shows. */
  local: StoredAttendance,
  pinExpired: z._default(z.boolean(), false),
  refreshedAt: isoInstant,
});
export type StaffRecord = z.infer<typeof StaffRecord>;

export const OUTBOX_OPERATIONS = [
  ...PUNCH_KINDS,
  'addNote',
  'changePin',
  'pinFailures',
  'identityClaim',
  'shiftCorrection',
  'attestation',
  'lineDispute',
  'disputeSeen',
  'changeAcknowledged',
] as const;
export type OutboxOperation = (typeof OUTBOX_OPERATIONS)[number];

/**
 * What people did at the kiosk: punches, notes and disputes of their hours. The kiosk's queue
 * count counts these; the other entries ride along with one (an identity claim, a shift
 * correction, the answers given at clock-off), are the tablet's own housekeeping (PIN failure
 * reports, a PIN change) or a mere "read it" (a reply seen, a change acknowledged), and counting
 * them made one offline punch read "2 waiting".
 */
const COUNTED_OPERATIONS: ReadonlySet<OutboxOperation> = new Set<OutboxOperation>([...PUNCH_KINDS, 'addNote', 'lineDispute']);

export function isCountedOperation(op: string): boolean {
  return COUNTED_OPERATIONS.has(op as OutboxOperation);
}

export const Attempt = z.object({
  at: isoInstant,
  outcome: z.enum(['network', 'retry', 'rejected', 'delivered', 'reconciled']),
  status: z.optional(z.int()),
  code: z.optional(z.string()),
  message: z.optional(z.string()),
});
export type Attempt = z.infer<typeof Attempt>;

/** Which shift a note belongs to: a known id, or the shift opened by an earlier outbox entry. */
export const ShiftRef = z.union([z.object({ shiftId: z.int() }), z.object({ openedByEntry: z.string() })]);
export type ShiftRef = z.infer<typeof ShiftRef>;

export const OutboxRecord = z.object({
  seq: z.optional(z.int()),
  /** Client-generated UUID, sent as the Idempotency-Key. */
  id: z.string().check(z.minLength(1)),
  op: z.enum(OUTBOX_OPERATIONS),
  employeeId: z.int(),
  /** The JSON request body as it will be sent. */
  body: z.record(z.string(), z.unknown()),
  shiftRef: z.optional(ShiftRef),
  createdAt: isoInstant,
  /** Epoch ms before which the entry is not retried (backoff). */
  nextAttemptAt: z.number(),
  /**
   * Epoch ms (the corrected clock) until which the entry is not sent at all, so it can still be
   * taken back (a clock-off's undo, undoPunch.ts); absent or 0 when not held. Unlike a backoff, a
   * hold is not a failure: the sync state stays "up to date" while it lasts.
   */
  heldUntil: z.optional(z.number()),
  attempts: z._default(z.array(Attempt), []),
});
export type OutboxRecord = z.infer<typeof OutboxRecord>;

export const AttentionRecord = z.extend(OutboxRecord, {
  movedAt: isoInstant,
  status: z.nullable(z.int()),
  code: z.nullable(z.string()),
  /** The service's own explanation, shown to managers as is. */
  message: z.string(),
});
export type AttentionRecord = z.infer<typeof AttentionRecord>;

export const LookupRecord = z.object({
  employeeId: z.int(),
  /** The UkTimeAndAttendanceLookupDataModel as received, parsed again on use. */
  data: z.unknown(),
  refreshedAt: isoInstant,
});
export type LookupRecord = z.infer<typeof LookupRecord>;

export const PinVerifierRecord = z.object({
  employeeId: z.int(),
  salt: z.string(),
  iterations: z.int().check(z.positive()),
  /** HMAC of the PBKDF2-derived bits under the device key, base64. */
  mac: z.string(),
  learnedAt: isoInstant,
});
export type PinVerifierRecord = z.infer<typeof PinVerifierRecord>;

export const PinLockoutRecord = z.object({
  employeeId: z.int(),
  failedAttempts: z.int().check(z.nonnegative()),
  lockedUntil: z.nullable(isoInstant),
});
export type PinLockoutRecord = z.infer<typeof PinLockoutRecord>;

export const MetaRecord = z.object({ key: z.string(), value: z.unknown() });
export type MetaRecord = z.infer<typeof MetaRecord>;

/** Parses records read from IndexedDB, dropping (and reporting) any that do not fit. */
export function readRecords<T>(schema: z.core.$ZodType<T>, rows: readonly unknown[], onDropped?: (row: unknown) => void): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = z.safeParse(schema, row);
    if (parsed.success) out.push(parsed.data);
    else onDropped?.(row);
  }
  return out;
}

export function readRecord<T>(schema: z.core.$ZodType<T>, row: unknown): T | null {
  if (row === undefined || row === null) return null;
  const parsed = z.safeParse(schema, row);
  return parsed.success ? parsed.data : null;
}
