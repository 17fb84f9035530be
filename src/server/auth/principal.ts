/**
 * Who is calling: a user (manager) signed in with OAuth or an API key, or an enrolled kiosk
 * device. Resolved once per request from the Authorization header; routes then ask access.ts
 * whether that principal may act on a business.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { bind, compileStatement, runCompiled, type CompiledStatement } from '../db/compiledStatements';
import type { Database } from '../db/openDatabase';
import { columnsMapper, rowMapper, selectColumns } from '../db/rowMapper';
import type { CallerRead, KioskColumns } from './callerReads';
import { apiKeys, businessAccess, devices, kiosks, oauthTokens, users } from '../db/schema';
import { LAST_SEEN_RESOLUTION_MS, touchDevice } from './deviceContact';
import { digest, TOKEN_PREFIX } from './secrets';

export type Principal =
  /** `managerPin`: an OAuth session a manager opened with their manager PIN at a paired tablet. */
  | { kind: 'user'; userId: number; email: string; via: 'oauth' | 'apiKey' | 'managerPin' }
  | { kind: 'device'; deviceId: number; businessId: number; kioskId: number };

/** A short label for logs and the punch audit trail; never contains a credential. */
export function describePrincipal(principal: Principal): string {
  return principal.kind === 'user' ? `user:${principal.userId}:${principal.via}` : `device:${principal.deviceId}`;
}

function basicUserName(header: string): string | null {
  try {
    const decoded = Buffer.from(header, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon === -1 ? decoded : decoded.slice(0, colon);
  } catch {
    return null;
  }
}

type KioskRow = typeof kiosks.$inferSelect;

/**
 * What the caller's statement read beside the credential, for the business and kiosk in the path
 * (one authorization read per request). `undefined`: not read (no such id in the path);
 * `null`: read, and there is none.
 */
export interface CallerReads {
  /** A user caller's stored access model in the business (access.ts parses it). */
  access?: unknown;
  /** The kiosk in the path, if it is the business's (deleted ones too: kioskScope refuses those). */
  kiosk?: KioskRow | null;
}

export interface Caller {
  principal: Principal;
  reads: CallerReads;
  /** The value a route asked to read with the caller (callerReads.ts), when it asked. */
  also?: unknown;
}

/** The business and kiosk of the route's path, whose access and kiosk row the caller's statement reads too. */
export interface CallerScope {
  businessId?: number | undefined;
  kioskId?: number | undefined;
}

/** No row has id 0: a left join on it finds nothing, so the statement keeps one shape. */
const NONE = 0;

export type CredentialKind = 'device' | 'apiKey' | 'oauth';

const DEVICE = { id: devices.id, businessId: devices.businessId, kioskId: devices.kioskId, lastSeenAt: devices.lastSeenAt };
const deviceOf = columnsMapper(DEVICE, 'd.', 'a device');
const kioskOf = rowMapper(kiosks, 'k.');
const USER = { userId: users.id, email: users.email };
const userOf = columnsMapper(USER, 'u.', 'a user');
/** The path's kiosk as the caller's statement reads it, for a read that rides along (callerReads.ts). */
const KIOSK_COLUMNS: KioskColumns = { clockOnWindowMinutes: sql`${kiosks.clockOnWindowMinutes}`, locationId: sql`${kiosks.locationId}` };

/**
 * The caller's statement for a credential of `kind`: the device with its kiosk, or the user with
 * their access to the scope's business and that business's kiosk in the scope; `also` rides as
 * the column "also".
 */
function callerSql(kind: CredentialKind, also: SQL | null): SQL {
  const credential = bind<string>('credential');
  const read = also ? sql`, ${also} as "also"` : sql``;
  const kiosk = selectColumns(getTableColumns(kiosks), 'k.');
  if (kind === 'device') {
    return sql`select ${selectColumns(DEVICE, 'd.')}, ${kiosk}${read} from ${devices} inner join ${kiosks} on ${kiosks.id} = ${devices.kioskId}
      where ${devices.tokenHash} = ${credential} and ${devices.revokedAt} is null and ${kiosks.deletedAt} is null`;
  }
  const businessId = sql`${bind<number>('businessId')}::integer`;
  const from =
    kind === 'apiKey'
      ? sql`false as "via", ${kiosk}${read} from ${apiKeys} inner join ${users} on ${users.id} = ${apiKeys.userId}`
      : sql`${oauthTokens.viaManagerPin} as "via", ${kiosk}${read} from ${oauthTokens} inner join ${users} on ${users.id} = ${oauthTokens.userId}`;
  const where =
    kind === 'apiKey'
      ? sql`${apiKeys.keyHash} = ${credential} and ${apiKeys.revokedAt} is null`
      : sql`${oauthTokens.accessHash} = ${credential} and ${oauthTokens.revokedAt} is null and ${oauthTokens.accessExpiresAt} > ${bind<string>('now')}::timestamptz`;
  return sql`select ${selectColumns(USER, 'u.')}, ${businessAccess.model} as "access", ${from}
    left join ${businessAccess} on ${businessAccess.userId} = ${users.id} and ${businessAccess.businessId} = ${businessId}
    left join ${kiosks} on ${kiosks.id} = ${bind<number>('kioskId')}::integer and ${kiosks.businessId} = ${businessId}
    where ${where}`;
}

/** Each (credential kind, read shape)'s statement, compiled once. */
const statements = new Map<string, CompiledStatement>();

/**
 * The caller's statement for a credential of `kind` with `also` riding along, as the service runs
 * it (compiled once per shape); exported so the bench's floor and pgbench run the very same text
 * (services/punches/store/keyedPunch.ts).
 */
export function callerStatement(kind: CredentialKind, also: CallerRead | null): CompiledStatement {
  const key = `${kind}|${also?.shape ?? ''}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = compileStatement(callerSql(kind, also ? also.build(KIOSK_COLUMNS) : null));
    statements.set(key, statement);
  }
  return statement;
}

async function callerRow(db: Database, kind: CredentialKind, also: CallerRead | null, values: Record<string, unknown>) {
  const [row] = await runCompiled<Record<string, unknown>>(db, callerStatement(kind, also), also ? { ...values, ...also.values } : values);
  return row;
}

/** The kiosk the statement read (none: its id is null, as a left join leaves it). */
const kioskIn = (row: Readonly<Record<string, unknown>>) => (row['k.id'] === null || row['k.id'] === undefined ? null : kioskOf(row));

/** A user's id and e-mail, with their access in the scope's business and the scope's kiosk, in one statement. */
async function userCaller(db: Database, kind: 'apiKey' | 'oauth', credential: string, now: Date, scope: CallerScope, also: CallerRead | null): Promise<Caller | null> {
  const businessId = scope.businessId ?? NONE;
  const kioskId = scope.businessId === undefined ? NONE : (scope.kioskId ?? NONE);
  const row = await callerRow(db, kind, also, { credential, businessId, kioskId, ...(kind === 'oauth' ? { now: now.toISOString() } : {}) });
  if (!row) return null;
  const user = userOf(row);
  const via = row.via === true ? 'managerPin' : kind;
  return {
    principal: { kind: 'user', userId: user.userId, email: user.email, via },
    reads: {
      ...(scope.businessId === undefined ? {} : { access: row.access ?? null }),
      ...(scope.businessId === undefined || scope.kioskId === undefined ? {} : { kiosk: kioskIn(row) }),
    },
    ...(also ? { also: row.also } : {}),
  };
}

/**
 * Resolves the Authorization header, with the caller's access to the business in `scope` and that
 * business's kiosk in `scope` read in the same statement, and `also` beside them (callerReads.ts);
 * null when absent or not valid. The statements are compiled once (db/compiledStatements.ts).
 */
export async function resolveCaller(
  db: Database,
  authorization: string | undefined,
  now: Date,
  scope: CallerScope = {},
  also: CallerRead | null = null,
): Promise<Caller | null> {
  if (!authorization) return null;
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (scheme.toLowerCase() === 'basic') {
    const key = basicUserName(value);
    if (!key) return null;
    return userCaller(db, 'apiKey', digest(key), now, scope, also);
  }
  if (scheme.toLowerCase() !== 'bearer') return null;
  if (!value.startsWith(TOKEN_PREFIX.device)) return userCaller(db, 'oauth', digest(value), now, scope, also);
  const row = await callerRow(db, 'device', also, { credential: digest(value) });
  if (!row) return null;
  const device = deviceOf(row);
  if (!device.lastSeenAt || now.getTime() - device.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await touchDevice(db, device.id, now);
  }
  // The device's own kiosk came with it: it is the scope's kiosk when the path names it.
  const ownKiosk = scope.businessId === device.businessId && scope.kioskId === device.kioskId;
  return {
    principal: { kind: 'device', deviceId: device.id, businessId: device.businessId, kioskId: device.kioskId },
    reads: ownKiosk ? { kiosk: kioskIn(row) } : {},
    ...(also ? { also: row.also } : {}),
  };
}

/** Resolves the Authorization header; null when absent or not valid. */
export async function resolvePrincipal(db: Database, authorization: string | undefined, now: Date): Promise<Principal | null> {
  return (await resolveCaller(db, authorization, now))?.principal ?? null;
}
