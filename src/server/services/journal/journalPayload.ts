/**
 * What the punch journal keeps of a punch: the punch as received (its stored columns but the
 * database's id), as canonical JSON (RFC 8785), and how an entry's hash is chained from it. The
 * same function serves the write (from the values about to be inserted) and the verification
 * (from the row read back), so a copy that differs from its punch is a changed punch, never a
 * difference of formatting. The hash is computed by the database when the entry is written in the
 * punch's own statement (journalWrites.ts); entryHash is the same computation, for the verifier
 * and for writes that chain several punches at once.
 *
 * The copy has versions, so entries written before a field joined it stay verifiable: version 1
 * (no `v` in the JSON) left out the photo's link and the person's photo exemption; version 2 (`v`:
 * 2) keeps every stored column. An entry is always compared in its own version (the version is in
 * the hashed copy, so it cannot be lowered without breaking the chain); new entries are written in
 * the current one.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { punches } from '../../db/schema';

type PunchValues = Omit<typeof punches.$inferInsert, 'id'>;

export const PAYLOAD_VERSIONS = [1, 2] as const;
export type PayloadVersion = (typeof PAYLOAD_VERSIONS)[number];
/** The version new entries are written in. */
export const CURRENT_PAYLOAD_VERSION: PayloadVersion = 2;

const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** The punch's canonical JSON (the journal entry's payload) in `version` (new entries: the current one). */
export function punchPayload(punch: PunchValues, version: PayloadVersion = CURRENT_PAYLOAD_VERSION): string {
  const copy = {
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
  };
  // Version 2 adds the photo's link (null: none, or deleted since; see journalVerify.ts) and the exemption.
  const text = canonicalize(version === 1 ? copy : { ...copy, v: version, photoId: punch.photoId ?? null, photoExempt: punch.photoExempt ?? false });
  if (text === undefined) throw new Error('a punch has no canonical JSON');
  return text;
}

/**
 * The version an entry's copy was written in: its `v`, or 1 when it has none (entries written
 * before versions); null when the copy is not JSON or names a version this service does not know.
 */
export function payloadVersion(payload: string): PayloadVersion | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const v = (parsed as Record<string, unknown>).v;
  if (v === undefined) return 1;
  return PAYLOAD_VERSIONS.find((known) => known === v) ?? null;
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
