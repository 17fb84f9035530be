/**
 * Who is calling: a user (manager) signed in with OAuth or an API key, or an enrolled kiosk
 * device. Resolved once per request from the Authorization header; routes then ask access.ts
 * whether that principal may act on a business.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
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
}

/** The business and kiosk of the route's path, whose access and kiosk row the caller's statement reads too. */
export interface CallerScope {
  businessId?: number | undefined;
  kioskId?: number | undefined;
}

/** No row has id 0: a left join on it finds nothing, so the statement keeps one shape. */
const NONE = 0;

/** A user's id and e-mail, with their access in the scope's business and the scope's kiosk, in one statement. */
async function userCaller(
  db: Database,
  credential: { table: 'apiKey'; keyHash: string } | { table: 'oauth'; accessHash: string; now: Date },
  scope: CallerScope,
): Promise<Caller | null> {
  const businessId = scope.businessId ?? NONE;
  const kioskId = scope.businessId === undefined ? NONE : (scope.kioskId ?? NONE);
  const columns = { userId: users.id, email: users.email, access: businessAccess.model, kiosk: kiosks };
  const query =
    credential.table === 'apiKey'
      ? db
        .select({ ...columns, viaManagerPin: sql<boolean>`false` })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, credential.keyHash), isNull(apiKeys.revokedAt)))
      : db
        .select({ ...columns, viaManagerPin: oauthTokens.viaManagerPin })
        .from(oauthTokens)
        .innerJoin(users, eq(users.id, oauthTokens.userId))
        .where(and(eq(oauthTokens.accessHash, credential.accessHash), isNull(oauthTokens.revokedAt), gt(oauthTokens.accessExpiresAt, credential.now)));
  const [row] = await query
    .leftJoin(businessAccess, and(eq(businessAccess.userId, users.id), eq(businessAccess.businessId, businessId)))
    .leftJoin(kiosks, and(eq(kiosks.id, kioskId), eq(kiosks.businessId, businessId)));
  if (!row) return null;
  const via = row.viaManagerPin ? 'managerPin' : credential.table;
  return {
    principal: { kind: 'user', userId: row.userId, email: row.email, via },
    reads: {
      ...(scope.businessId === undefined ? {} : { access: row.access }),
      ...(scope.businessId === undefined || scope.kioskId === undefined ? {} : { kiosk: row.kiosk }),
    },
  };
}

/**
 * Resolves the Authorization header, with the caller's access to the business in `scope` and that
 * business's kiosk in `scope` read in the same statement; null when absent or not valid.
 */
export async function resolveCaller(db: Database, authorization: string | undefined, now: Date, scope: CallerScope = {}): Promise<Caller | null> {
  if (!authorization) return null;
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (scheme.toLowerCase() === 'basic') {
    const key = basicUserName(value);
    if (!key) return null;
    return userCaller(db, { table: 'apiKey', keyHash: digest(key) }, scope);
  }
  if (scheme.toLowerCase() !== 'bearer') return null;
  if (value.startsWith(TOKEN_PREFIX.device)) {
    const [device] = await db
      .select({ id: devices.id, businessId: devices.businessId, kioskId: devices.kioskId, lastSeenAt: devices.lastSeenAt, kiosk: kiosks })
      .from(devices)
      .innerJoin(kiosks, eq(kiosks.id, devices.kioskId))
      .where(and(eq(devices.tokenHash, digest(value)), isNull(devices.revokedAt), isNull(kiosks.deletedAt)));
    if (!device) return null;
    if (!device.lastSeenAt || now.getTime() - device.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      await touchDevice(db, device.id, now);
    }
    // The device's own kiosk came with it: it is the scope's kiosk when the path names it.
    const ownKiosk = scope.businessId === device.businessId && scope.kioskId === device.kioskId;
    return {
      principal: { kind: 'device', deviceId: device.id, businessId: device.businessId, kioskId: device.kioskId },
      reads: ownKiosk ? { kiosk: device.kiosk } : {},
    };
  }
  return userCaller(db, { table: 'oauth', accessHash: digest(value), now }, scope);
}

/** Resolves the Authorization header; null when absent or not valid. */
export async function resolvePrincipal(db: Database, authorization: string | undefined, now: Date): Promise<Principal | null> {
  return (await resolveCaller(db, authorization, now))?.principal ?? null;
}
