/**
 * The shapes of everything the kiosk keeps in IndexedDB, as zod schemas. Every read goes through
 * them (`readRecords`), so records from an older app version or damaged ones are repaired with
 * defaults or dropped, never trusted blindly.
 */
import { z } from 'zod';
import { ATTENDANCE_STATUSES, PUNCH_KINDS } from '../domain/attendance';

const isoInstant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'not an instant');

/** The attendance state the domain state machine works on, with instants as ISO text. */
export const StoredAttendance = z.object({
  status: z.enum(ATTENDANCE_STATUSES),
  clockOnTimeUtc: isoInstant.nullable(),
  breakStartTimeUtc: isoInstant.nullable(),
  lastPunchTimeUtc: isoInstant.nullable(),
  currentShiftId: z.number().int().nullable(),
});
export type StoredAttendance = z.infer<typeof StoredAttendance>;

export const StaffRecord = z.object({
  employeeId: z.number().int(),
  firstName: z.string(),
  surname: z.string(),
  name: z.string(),
  /** Lower-cased "first surname" for search and ordering. */
  sortName: z.string(),
  profileImageUrl: z.string().nullable(),
  hasEmail: z.boolean(),
  hasMobile: z.boolean(),
  /** As the service last reported it. */
  server: StoredAttendance,
  /** The server state with this device's unsent punches applied: what the kiosk shows. */
  local: StoredAttendance,
  pinExpired: z.boolean().default(false),
  refreshedAt: isoInstant,
});
export type StaffRecord = z.infer<typeof StaffRecord>;

export const OUTBOX_OPERATIONS = [...PUNCH_KINDS, 'addNote', 'changePin', 'pinFailures', 'identityClaim'] as const;
export type OutboxOperation = (typeof OUTBOX_OPERATIONS)[number];

export const Attempt = z.object({
  at: isoInstant,
  outcome: z.enum(['network', 'retry', 'rejected', 'delivered', 'reconciled']),
  status: z.number().int().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type Attempt = z.infer<typeof Attempt>;

/** Which shift a note belongs to: a known id, or the shift opened by an earlier outbox entry. */
export const ShiftRef = z.union([z.object({ shiftId: z.number().int() }), z.object({ openedByEntry: z.string() })]);
export type ShiftRef = z.infer<typeof ShiftRef>;

export const OutboxRecord = z.object({
  seq: z.number().int().optional(),
  /** Client-generated UUID, sent as the Idempotency-Key. */
  id: z.string().min(1),
  op: z.enum(OUTBOX_OPERATIONS),
  employeeId: z.number().int(),
  /** The JSON request body as it will be sent. */
  body: z.record(z.string(), z.unknown()),
  shiftRef: ShiftRef.optional(),
  createdAt: isoInstant,
  /** Epoch ms before which the entry is not retried (backoff). */
  nextAttemptAt: z.number(),
  attempts: z.array(Attempt).default([]),
});
export type OutboxRecord = z.infer<typeof OutboxRecord>;

export const AttentionRecord = OutboxRecord.extend({
  movedAt: isoInstant,
  status: z.number().int().nullable(),
  code: z.string().nullable(),
  /** The service's own explanation, shown to managers as is. */
  message: z.string(),
});
export type AttentionRecord = z.infer<typeof AttentionRecord>;

export const LookupRecord = z.object({
  employeeId: z.number().int(),
  /** The UkTimeAndAttendanceLookupDataModel as received, parsed again on use. */
  data: z.unknown(),
  refreshedAt: isoInstant,
});
export type LookupRecord = z.infer<typeof LookupRecord>;

export const PinVerifierRecord = z.object({
  employeeId: z.number().int(),
  salt: z.string(),
  iterations: z.number().int().positive(),
  /** HMAC of the PBKDF2-derived bits under the device key, base64. */
  mac: z.string(),
  learnedAt: isoInstant,
});
export type PinVerifierRecord = z.infer<typeof PinVerifierRecord>;

export const PinLockoutRecord = z.object({
  employeeId: z.number().int(),
  failedAttempts: z.number().int().min(0),
  lockedUntil: isoInstant.nullable(),
});
export type PinLockoutRecord = z.infer<typeof PinLockoutRecord>;

export const MetaRecord = z.object({ key: z.string(), value: z.unknown() });
export type MetaRecord = z.infer<typeof MetaRecord>;

/** Parses records read from IndexedDB, dropping (and reporting) any that do not fit. */
export function readRecords<T>(schema: z.ZodType<T>, rows: readonly unknown[], onDropped?: (row: unknown) => void): T[] {
  const out: T[] = [];
  for (const row of rows) {
    const parsed = schema.safeParse(row);
    if (parsed.success) out.push(parsed.data);
    else onDropped?.(row);
  }
  return out;
}

export function readRecord<T>(schema: z.ZodType<T>, row: unknown): T | null {
  if (row === undefined || row === null) return null;
  const parsed = schema.safeParse(row);
  return parsed.success ? parsed.data : null;
}
