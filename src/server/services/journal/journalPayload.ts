/**
 * What the punch journal keeps of a punch: the punch as received (its stored columns but the
 * database's id), as canonical JSON (RFC 8785), and how an entry's hash is chained from it. The
 * same function serves the write (from the values about to be inserted) and the verification
 * (from the row read back), so a copy that differs from its punch is a changed punch, never a
 * difference of formatting. The hash is computed by the database when the entry is written in the
 * punch's own statement (journalWrites.ts); entryHash is the same computation, for the verifier
 * and for writes that chain several punches at once.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { punches } from '../../db/schema';

type PunchValues = Omit<typeof punches.$inferInsert, 'id'>;
// The photo's link is left out: photo retention unlinks a punch's photo when it deletes it
// (services/photos/photoRetention.ts), which is not an alteration of the punch.

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** The punch's canonical JSON (the journal entry's payload). */
export function punchPayload(punch: PunchValues): string {
  const text = canonicalize({
    businessId: punch.businessId,
    employeeId: punch.employeeId,
    shiftId: punch.shiftId ?? null,
    kioskId: punch.kioskId ?? null,
    kind: punch.kind,
    timeOfRecordUtc: iso(punch.timeOfRecordUtc),
    recordedTimeUtc: iso(punch.recordedTimeUtc),
    receivedUtc: iso(punch.receivedUtc),
    utcOffset: punch.utcOffset ?? null,
    latitude: punch.latitude ?? null,
    longitude: punch.longitude ?? null,
    ipAddress: punch.ipAddress ?? null,
    isAdminInitiated: punch.isAdminInitiated ?? false,
    principal: punch.principal,
  });
  if (text === undefined) throw new Error('a punch has no canonical JSON');
  return text;
}

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();

/** The hash of the entry after `previousHash` (hex) with `payload`: sha256(previous bytes || sha256(payload)), hex. */
export function entryHash(previousHash: string, payload: string): string {
  return sha256(Buffer.concat([Buffer.from(previousHash, 'hex'), sha256(Buffer.from(payload, 'utf8'))])).toString('hex');
}

/** The hash before a business's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The code a receipt shows for an entry: its number and the hash's first eight hex digits, e.g. "12-3FA9C01B". */
export function entryCode(seq: number, hash: string): string {
  return `${seq}-${hash.slice(0, 8).toUpperCase()}`;
}
