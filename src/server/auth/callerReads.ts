/**
 * What a route may ask the route guard to read with its caller: one SQL value added to the
 * caller's statement (principal.ts), so a hot route (a punch) pays one round trip for its caller,
 * access and data together. The value is read before the caller is authorised, so it must have no
 * effect worth undoing and is dropped unless the guard admits the caller; it may refer to the
 * path's kiosk row the same statement reads (KioskColumns). A route marked `singleWrite` also does
 * all its writing in one final statement (db/finalWrite.ts), which the idempotency layer may then
 * send without a transaction around the request (http/idempotency.ts).
 */
import type { SQL } from 'drizzle-orm';

/** The path's kiosk in the caller's statement: its columns a read may use. */
export interface KioskColumns {
  clockOnWindowMinutes: SQL;
  locationId: SQL;
}

/** One SQL value (with placeholders: it is compiled once per shape) and its placeholders' values. */
export interface CallerRead {
  shape: string;
  build(kiosk: KioskColumns): SQL;
  values: Readonly<Record<string, unknown>>;
}

/** The request as the route validated it, for a read. */
export interface ValidatedRequest {
  param: unknown;
  json: unknown;
  now: Date;
}

export interface RouteReads {
  /** What to read with the caller for this request (null: nothing). */
  read(request: ValidatedRequest): CallerRead | null;
  /** The handler's writes go in one final statement that may be sent without a transaction. */
  singleWrite: boolean;
}

const registered = new WeakMap<object, RouteReads>();

/** Marks a route handler with what its guard reads with the caller. */
export function withCallerRead<H extends object>(handler: H, reads: RouteReads): H {
  registered.set(handler, reads);
  return handler;
}

/** What the handler asked the guard to read with its caller, if anything. */
export function routeReadsOf(handler: object): RouteReads | undefined {
  return registered.get(handler);
}
