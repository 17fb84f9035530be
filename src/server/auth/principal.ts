/**
 * Who is calling: a user (manager) signed in with OAuth or an API key, or an enrolled kiosk
 * device. Resolved once per request from the Authorization header; routes then ask access.ts
 * whether that principal may act on a business.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/openDatabase';
import { apiKeys, devices, kiosks, oauthTokens, users } from '../db/schema';
import { LAST_SEEN_RESOLUTION_MS, touchDevice } from './deviceContact';
import { digest, TOKEN_PREFIX } from './secrets';

export type Principal =
  | { kind: 'user'; userId: number; email: string; via: 'oauth' | 'apiKey' }
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

async function userById(db: Database, userId: number, via: 'oauth' | 'apiKey'): Promise<Principal | null> {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return user ? { kind: 'user', userId: user.id, email: user.email, via } : null;
}

/** Resolves the Authorization header; null when absent or not valid. */
export async function resolvePrincipal(db: Database, authorization: string | undefined, now: Date): Promise<Principal | null> {
  if (!authorization) return null;
  const [scheme, value] = authorization.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (scheme.toLowerCase() === 'basic') {
    const key = basicUserName(value);
    if (!key) return null;
    const [row] = await db
      .select({ userId: apiKeys.userId })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, digest(key)), isNull(apiKeys.revokedAt)));
    return row ? userById(db, row.userId, 'apiKey') : null;
  }
  if (scheme.toLowerCase() !== 'bearer') return null;
  if (value.startsWith(TOKEN_PREFIX.device)) {
    const [device] = await db
      .select({ id: devices.id, businessId: devices.businessId, kioskId: devices.kioskId, lastSeenAt: devices.lastSeenAt })
      .from(devices)
      .innerJoin(kiosks, eq(kiosks.id, devices.kioskId))
      .where(and(eq(devices.tokenHash, digest(value)), isNull(devices.revokedAt), isNull(kiosks.deletedAt)));
    if (!device) return null;
    if (!device.lastSeenAt || now.getTime() - device.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      await touchDevice(db, device.id, now);
    }
    return { kind: 'device', deviceId: device.id, businessId: device.businessId, kioskId: device.kioskId };
  }
  const [token] = await db
    .select({ userId: oauthTokens.userId })
    .from(oauthTokens)
    .where(and(eq(oauthTokens.accessHash, digest(value)), isNull(oauthTokens.revokedAt), gt(oauthTokens.accessExpiresAt, now)));
  return token ? userById(db, token.userId, 'oauth') : null;
}
