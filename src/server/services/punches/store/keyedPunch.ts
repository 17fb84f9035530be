/**
 * The SQL of a tablet's keyed punch, composed from where the service defines each part: the
 * caller's statement with the punch's read riding along (auth/principal.ts, punchReads.ts), then
 * the one optimistic write with the key's record (punchWrites.ts, db/keyRecord.ts,
 * db/finalWrite.ts). A device's clock-on or clock-off sent with an Idempotency-Key runs exactly
 * these two statements (routes/kiosk/punchStatements.test.ts holds it to that). The bench's floor
 * server, its PGlite floor and its pgbench script take their SQL from here, so whatever is added to
 * a punch's statements reaches them without a copy. No SQL is written in this module.
 */
import type { CompiledStatement } from '../../../db/compiledStatements';
import type { Database } from '../../../db/openDatabase';
import type { idempotencyKeys } from '../../../db/schema';
import { finalWriteStatement } from '../../../db/finalWrite';
import { callerStatement } from '../../../auth/principal';
import { digest } from '../../../auth/secrets';
import { keyRecord } from '../../../db/keyRecord';
import { punchCallerRead, type PunchReadRequest } from './punchReads';
import { punchWriteParts, type PunchWrite } from './punchWrites';

/** A compiled statement and its placeholders' values by name (compiledStatements.valuesOf orders them). */
export interface BoundStatement {
  statement: CompiledStatement;
  values: Readonly<Record<string, unknown>>;
}

/** The first statement: the device behind `deviceToken` with its kiosk, and the punch's read as the column "also". */
export function keyedPunchRead(request: PunchReadRequest, deviceToken: string): BoundStatement {
  const also = punchCallerRead(request);
  return { statement: callerStatement('device', also), values: { credential: digest(deviceToken), ...also.values } };
}

/**
 * The second: `write` if the employee's row is still at `version`, with the key's record (its
 * answer). `db` only builds the text (drizzle's query builders), nothing runs on it.
 */
export function keyedPunchWrite(db: Database, write: PunchWrite, version: string, key: typeof idempotencyKeys.$inferInsert): BoundStatement {
  const parts = punchWriteParts(db, write, { version });
  const record = keyRecord(db, key, 'optimistic');
  return { statement: finalWriteStatement(parts, record), values: { ...parts.values, ...record.values } };
}
