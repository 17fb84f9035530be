/**
 * What runs between validation and every handler. zod-openapi validates path, query and body
 * first; only then does this guard touch the database: it resolves the caller, counts the request
 * against its rate limits when the route declares one (`x-rate-limit`), enforces the route's
 * declared access (`x-access`, `x-callers` in src/contract/routes), hands the grant to the handler
 * as `c.var.grant`, and runs business routes that declare and carry an Idempotency-Key inside the
 * idempotency layer. Self-service routes (`access('self')`) get their grant, and their idempotency
 * scope's business, from the caller's link to the employee in the path. A route without an access declaration cannot be registered.
 */
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { RateLimitedOperation, RouteAccess, RouteCallers } from '../../contract/routes/common';
import { RATE_LIMITED_OPERATIONS, ROUTE_ACCESS, ROUTE_CALLERS } from '../../contract/routes/common';
import type { AppEnv } from '../context';
import { forbidden } from '../errors/apiError';
import { idempotencyScope, parseIdempotencyKey, runIdempotently } from '../http/idempotency';
import { signInCallerKey, type RateLimits } from '../http/rateLimits';
import { authorize, authorizeSelf, unauthenticated, type Grant, type Need } from './access';
import { regionalBody, regionalHandler } from './businessRegion';
import { describePrincipal, resolveCaller, type Caller, type Principal } from './principal';
import { routeReadsOf } from './callerReads';

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);

const Declaration = z.object({
  operationId: z.string().min(1),
  method: z.string(),
  path: z.string(),
  'x-access': z.enum(Object.keys(ROUTE_ACCESS) as [RouteAccess, ...RouteAccess[]]),
  'x-callers': z.enum(Object.keys(ROUTE_CALLERS) as [RouteCallers, ...RouteCallers[]]).optional(),
  'x-rate-limit': z.enum(RATE_LIMITED_OPERATIONS).optional(),
});
export type RouteDeclaration = z.infer<typeof Declaration>;

/**
 * The validated ids the guard needs from a route's path. A string `id` (a web hook registration's)
 * is no kiosk id and is left to the route.
 */
const PathIds = z.object({
  businessId: z.number().int().optional(),
  kioskId: z.number().int().optional(),
  id: z.number().int().optional().catch(undefined),
  employeeId: z.number().int().optional(),
});

/** Reads a route's access declaration; throws at start-up when it is missing or unknown. */
export function declarationOf(route: RouteConfig): RouteDeclaration {
  const parsed = Declaration.safeParse(route);
  if (!parsed.success) throw new Error(`Route ${route.method.toUpperCase()} ${route.path} has no valid access declaration (x-access).`);
  const declaration = parsed.data;
  const inBusiness = declaration.path.includes('{businessId}');
  const needsBusiness = !['public', 'signedIn', 'self'].includes(declaration['x-access']);
  if (declaration['x-access'] === 'self' && !declaration.path.startsWith('/api/v2/ess/{employeeId}/')) {
    throw new Error(`Route ${declaration.operationId}: access "self" needs a path under /api/v2/ess/{employeeId}/.`);
  }
  if (needsBusiness !== inBusiness) {
    throw new Error(`Route ${declaration.operationId}: access "${declaration['x-access']}" does not fit the path ${declaration.path}.`);
  }
  if (declaration['x-access'] === 'kiosk' && !/\{(kioskId|id)\}/.test(declaration.path)) {
    throw new Error(`Route ${declaration.operationId}: access "kiosk" needs {kioskId} or {id} in the path.`);
  }
  return declaration;
}

/** The business-level need of a declared access, for the ids in the path. */
export function needOf(access: RouteAccess, ids: z.infer<typeof PathIds>): Need | null {
  switch (access) {
    case 'public':
    case 'signedIn':
    case 'self':
      return null;
    case 'kiosk': {
      const kioskId = ids.kioskId ?? ids.id;
      if (kioskId === undefined) throw new Error('a kiosk route without a kiosk id');
      return { kind: 'kiosk', kioskId };
    }
    default:
      return { kind: access };
  }
}

/**
 * True when the route declares the Idempotency-Key header (src/contract/routes/common.ts
 * `idempotencyHeaders`): mutations do; a read-only search sent as POST does not, and ignores it.
 */
function declaresIdempotencyKey(route: RouteConfig): boolean {
  const headers = route.request?.headers as { shape?: Record<string, unknown> } | undefined;
  return headers?.shape?.['idempotency-key'] !== undefined;
}

function checkCallers(callers: RouteCallers | undefined, principal: Principal): void {
  if (callers === 'users' && principal.kind !== 'user') throw forbidden('A kiosk device cannot do this; sign in as a manager.');
  if (callers === 'devices' && principal.kind !== 'device') throw forbidden('This route is for enrolled kiosk devices.');
}

function validated(c: Context<AppEnv>, target: 'param' | 'query' | 'json' | 'form'): unknown {
  return (c.req as unknown as { valid(target: string): unknown }).valid(target);
}

/** Whose budget a rate-limited request spends: the address a sign-in names, else the caller. */
function rateLimitCaller(c: Context<AppEnv>, operation: RateLimitedOperation, principal: Principal | null): string | null {
  if (operation === 'signIn') return signInCallerKey(/json/i.test(c.req.header('content-type') ?? '') ? validated(c, 'json') : validated(c, 'form'));
  return principal ? describePrincipal(principal) : null;
}

/** The grant of a business route (its business's), or of a self-service route (the linked employee's); null for the others. */
async function grantFor(c: Context<AppEnv>, access: RouteAccess, ids: z.infer<typeof PathIds>, { principal, reads }: Caller): Promise<Grant | null> {
  if (access === 'self') {
    if (ids.employeeId === undefined) throw new Error('a self-service route without an employee id');
    return authorizeSelf(c.get('db'), principal, ids.employeeId, c.get('deps').now());
  }
  const need = needOf(access, ids);
  if (!need || ids.businessId === undefined) return null;
  return authorize(c.get('db'), principal, ids.businessId, need, reads);
}

export interface GuardOptions {
  rateLimits: RateLimits;
}

/** Wraps a handler in the guard described above (and, on a route with regional variants, in its region's shapes). */
export function guard(route: RouteConfig, routeHandler: Handler, options: GuardOptions): Handler {
  const declaration = declarationOf(route);
  const handler = regionalHandler(route, routeHandler);
  const readRegionalBody = regionalBody(route);
  const access = declaration['x-access'];
  const limited = declaration['x-rate-limit'];
  const takesIdempotencyKey = MUTATING.has(declaration.method.toLowerCase()) && declaresIdempotencyKey(route);
  // What the route reads beside its caller (a punch: its employee), only on kiosk routes: the read may use the path's kiosk.
  const reads = access === 'kiosk' ? routeReadsOf(routeHandler) : undefined;
  return async (c) => {
    const deps = c.get('deps');
    const ids = access === 'public' ? {} : PathIds.parse(validated(c, 'param') ?? {});
    // One statement: the caller, with its access to the path's business and the path's kiosk (principal.ts), and the route's read.
    const scope = { businessId: ids.businessId, kioskId: access === 'kiosk' ? (ids.kioskId ?? ids.id) : undefined };
    const now = deps.now();
    const header = c.req.header('idempotency-key');
    // Only a keyed request uses the read (it runs without a transaction: idempotency.ts); unkeyed, it would be read twice.
    const keyed = takesIdempotencyKey && header !== undefined;
    const also = (keyed && reads?.read({ param: validated(c, 'param'), json: validated(c, 'json'), now })) || null;
    const caller = access === 'public' ? null : await resolveCaller(deps.db, c.req.header('authorization'), now, scope, also);
    const principal = caller?.principal ?? null;
    c.set('principal', principal);
    if (limited) await options.rateLimits.consume(c, limited, rateLimitCaller(c, limited, principal));
    if (access === 'public') return handler(c);
    if (!principal) throw unauthenticated();
    checkCallers(declaration['x-callers'], principal);
    const grant = await grantFor(c, access, ids, { principal, reads: caller?.reads ?? {} });
    if (!grant) return handler(c);
    c.set('grant', grant);
    // Read before the caller was admitted, handed over only now that it is.
    if (also) c.set('callerRead', caller?.also);
    // A regional body is read with the business's own model before its key is fingerprinted.
    if (readRegionalBody) await readRegionalBody(c, grant);
    if (!keyed) return handler(c);
    return runIdempotently(
      c,
      {
        key: parseIdempotencyKey(header),
        scope: idempotencyScope(grant.businessId, principal, declaration.operationId),
        shape: { method: declaration.method, path: new URL(c.req.url).pathname, query: validated(c, 'query'), body: validated(c, 'json') },
      },
      async () => handler(c),
      { optimistic: reads?.singleWrite === true },
    );
  };
}

/** Registers every route of the app through the guard. */
export function guardEveryRoute(app: OpenAPIHono<AppEnv>, options: GuardOptions): void {
  const register = app.openapi;
  const guarded = (route: RouteConfig, handler: Handler, hook?: unknown) =>
    register(route as never, guard(route, handler, options) as never, hook as never);
  app.openapi = guarded as unknown as typeof app.openapi;
}

/** The caller's grant for the business in the path, as the guard established it. */
export function grantOf(c: Context<AppEnv>): Grant {
  const grant = c.get('grant');
  if (!grant) throw new Error(`no grant on ${c.req.method} ${c.req.path}: the route declares no business access`);
  return grant;
}

/** The signed-in caller of a route that admits only valid credentials. */
export function callerOf(c: Context<AppEnv>): Principal {
  const principal = c.get('principal');
  if (!principal) throw unauthenticated();
  return principal;
}

/** The person calling a route declared for users (`x-callers: users`). */
export function userOf(c: Context<AppEnv>): Extract<Principal, { kind: 'user' }> {
  const principal = callerOf(c);
  if (principal.kind !== 'user') throw forbidden('A kiosk device cannot do this; sign in as a manager.');
  return principal;
}
