/**
 * The regional variant a business is served in (domain/regions.ts, from its country), for the
 * route guard's regional bodies and answers (src/contract/routes/define.ts `variants`). Read only
 * on routes that declare variants, unless the grant already carries the country.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { z } from 'zod';
import { variantsOf, type RegionalShapes } from '../../contract/routes/define';
import { regionOfCountry, type Region } from '../../domain/regions';
import type { AppEnv } from '../context';
import type { Database } from '../db/openDatabase';
import { businesses } from '../db/schema';
import { validationError } from '../http/renderProblem';
import type { Grant } from './access';

/** The region of the grant's business. */
export async function regionOfGrant(db: Database, grant: Grant): Promise<Region> {
  if (grant.country !== undefined) return regionOfCountry(grant.country);
  const [row] = await db.select({ country: businesses.country }).from(businesses).where(eq(businesses.id, grant.businessId));
  return regionOfCountry(row?.country);
}

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

interface Declared {
  request?: { body?: { content: Record<string, { schema: z.ZodType }> } };
  responses: Record<number, { content?: Record<string, { schema: z.ZodType }> }>;
}

/** True when the request's business gets the route's answer reshaped for its region (the handler may then add the region's fields). */
export function answersRegionally(c: Context<AppEnv>, route: object): boolean {
  const region = c.var.region;
  return region !== undefined && region !== 'Uk' && variantsOf(route)[region]?.fill !== undefined;
}

/** The UK body schema of a route: the first member of its documented union (define.ts). */
function baseBody(route: Declared): z.ZodType | undefined {
  const schema = route.request?.body?.content['application/json']?.schema;
  const options = (schema as { options?: z.ZodType[] } | undefined)?.options;
  return options?.[0] ?? schema;
}

/** The region of the request's business, read once per request (the guard has set the grant). */
async function regionOf(c: Context<AppEnv>, grant: Grant): Promise<Region> {
  if (c.var.region) return c.var.region;
  const region = await regionOfGrant(c.var.db, grant);
  c.set('region', region);
  return region;
}

/**
 * For a route with regional bodies, reads the body again with the business's regional body schema
 * (the UK one for UK businesses: a body only another region accepts is a 400), before the
 * idempotency layer fingerprints it; null for other routes.
 */
export function regionalBody(route: object): ((c: Context<AppEnv>, grant: Grant) => Promise<void>) | null {
  const variants = variantsOf(route);
  if (!Object.values(variants).some((shapes: RegionalShapes) => shapes.body)) return null;
  const base = baseBody(route as Declared);
  return async (c, grant) => {
    const region = await regionOf(c, grant);
    const schema = (region === 'Uk' ? undefined : variants[region]?.body) ?? base;
    if (!schema) return;
    const parsed = schema.safeParse(await c.req.json());
    if (!parsed.success) throw validationError(parsed.error, 'json');
    c.req.addValidatedData('json', parsed.data as object);
  };
}

/**
 * Wraps a handler of a route with regional answers: its 200 JSON answer is reshaped through the
 * business region's `...Fill` schema (and `c.var.region` tells the handler the region). Routes
 * without variants get the handler back unchanged.
 */
export function regionalHandler(route: object, handler: Handler): Handler {
  const variants = variantsOf(route);
  if (Object.keys(variants).length === 0) return handler;
  return async (c) => {
    const grant = c.var.grant;
    if (!grant) return handler(c);
    const region = await regionOf(c, grant);
    const shapes: RegionalShapes = region === 'Uk' ? {} : (variants[region] ?? {});
    const res = await handler(c);
    if (!shapes.fill || res.status !== 200 || !/json/.test(res.headers.get('content-type') ?? '')) return res;
    const shaped = shapes.fill.parse(await res.json());
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(shaped), { status: 200, headers });
  };
}
