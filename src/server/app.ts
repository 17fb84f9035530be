/**
 * Composes the service: request normalisation, the route groups (each behind the route guard:
 * validation, then caller, access and idempotency), the OpenAPI document and the one error renderer. Returns a fetch function, so the same app runs
 * under Node's HTTP server and directly in tests.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import type { AppDeps, AppEnv } from './context';
import { describePrincipal } from './auth/principal';
import { guardEveryRoute } from './auth/routeGuard';
import { ApiError } from './errors/apiError';
import { caseKeptPathSegments, declaredFieldNames, declaredMapFields } from './http/declaredShapes';
import { createRequestNormalizer, normalizedJsonOf } from './http/normalizeRequest';
import { apiSecurityHeaders } from './http/securityHeaders';
import { apiCors } from './http/apiCors';
import { ConnectionInfo } from './http/clientAddress';
import { createRateLimits } from './http/rateLimits';
import { problemResponse, renderError, validationError } from './http/renderProblem';
import { registerAccessRoutes } from './routes/access';
import { registerBusinessRoutes } from './routes/business';
import { registerClassificationRoutes } from './routes/classifications';
import { registerReportingDimensionRoutes } from './routes/reportingDimensions';
import { registerDeviceRoutes } from './routes/devices';
import { registerEmployeeGroupRoutes } from './routes/employeeGroups';
import { registerEmployeeRoutes } from './routes/employees';
import { registerKioskRoutes } from './routes/kiosk';
import { registerLocationRoutes } from './routes/locations';
import { registerManagerPinRoutes } from './routes/managerPins';
import { registerPunchJournalRoutes } from './routes/punchJournal';
import { registerBadgeRoutes } from './routes/badges';
import { registerStaffAccessRoutes } from './routes/staffAccess';
import { registerPhotoRoutes } from './routes/photos';
import { registerOAuthRoutes } from './routes/oauth';
import { registerRosterShiftRoutes } from './routes/rosterShifts';
import { registerSettingsRoutes } from './routes/settings';
import { registerSelfServiceRoutes } from './routes/selfService';
import { registerTimesheetRoutes } from './routes/timesheets';
import { registerShiftCorrectionRoutes } from './routes/shiftCorrections';
import { registerAttestationRoutes } from './routes/attestations';
import { registerLocationRulesRoutes } from './routes/locationRules';
import { registerMyHoursRoutes } from './routes/myHours';
import { registerWorkTypeRoutes } from './routes/workTypes';
import { registerWebhookRoutes } from './routes/webhooks';

export interface Service {
  /** `connection`: what the HTTP server knows of the peer (its address, for rate limits); none when called directly. */
  fetch(request: Request, connection?: ConnectionInfo): Promise<Response>;
  app: OpenAPIHono<AppEnv>;
}

/**
 * Every declared query parameter. Names are matched case-insensitively before routing, so two
 * routes spelling one name differently (`employeeId`, `EmployeeId`) would break one of them: that
 * is refused here, at start-up, rather than discovered in production.
 */
export function declaredQueryNames(app: OpenAPIHono<AppEnv>): Set<string> {
  const names = new Set<string>();
  const byLower = new Map<string, string>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const query = definition.route.request?.query as { shape?: Record<string, unknown> } | undefined;
    for (const key of Object.keys(query?.shape ?? {})) {
      const seen = byLower.get(key.toLowerCase());
      if (seen !== undefined && seen !== key) {
        throw new Error(`Query parameter spelled two ways: "${seen}" and "${key}" (${definition.route.path}); use one spelling.`);
      }
      byLower.set(key.toLowerCase(), key);
      names.add(key);
    }
  }
  return names;
}

/** Registers every route group and the document's security schemes. */
function registerRoutes(app: OpenAPIHono<AppEnv>): void {
  registerOAuthRoutes(app);
  registerBusinessRoutes(app);
  registerAccessRoutes(app);
  registerEmployeeRoutes(app);
  registerDeviceRoutes(app);
  registerKioskRoutes(app);
  registerLocationRoutes(app);
  registerWorkTypeRoutes(app);
  registerEmployeeGroupRoutes(app);
  registerSettingsRoutes(app);
  registerTimesheetRoutes(app);
  registerRosterShiftRoutes(app);
  registerShiftCorrectionRoutes(app);
  registerAttestationRoutes(app);
  registerLocationRulesRoutes(app);
  registerMyHoursRoutes(app);
  registerSelfServiceRoutes(app);
  registerWebhookRoutes(app);
  registerClassificationRoutes(app);
  registerReportingDimensionRoutes(app);
  registerManagerPinRoutes(app);
  registerStaffAccessRoutes(app);
  registerPunchJournalRoutes(app);
  registerBadgeRoutes(app);
  registerPhotoRoutes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'basic',
    description: 'API key as the user name of HTTP Basic, empty password (as the vendor SDK sends it).',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'OAuth access token from /oauth/token, or a kiosk device token from device enrolment.',
  });
  app.doc31('/api/v2/openapi.json', OPENAPI_CONFIG);
}

const OPENAPI_CONFIG: Parameters<OpenAPIHono<AppEnv>['getOpenAPI31Document']>[0] = {
  openapi: '3.1.0',
  info: {
    title: 'Kiosk Clock: time-and-attendance API (KeyPay API v2 slice)',
    version: '2',
    description:
      'The kiosk slice of the Employment Hero Payroll (KeyPay) API v2, as served by Kiosk Clock. Errors are RFC 9457 ' +
      'problem+json with a stable `code`. Mutating business routes accept an `Idempotency-Key` header.',
  },
  security: [{ apiKey: [] }, { bearer: [] }],
};

/** The OpenAPI document of the service, built from the route definitions alone (no database). */
export function buildOpenApiDocument() {
  const app = new OpenAPIHono<AppEnv>();
  registerRoutes(app);
  return app.getOpenAPI31Document(OPENAPI_CONFIG);
}

export function createService(deps: AppDeps): Service {
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  });

  // First, so they land on every answer of the app, its errors and not-found answers included.
  app.use('*', apiSecurityHeaders());
  app.use('*', async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    c.set('db', deps.db);
    // Resolved by the route guard once the request is validated (auth/routeGuard.ts).
    c.set('principal', null);
    // The normaliser read the JSON body (the request goes on without it): its text is what Hono's
    // c.req.json() and text() read, from the body cache, which holds promises (its type says otherwise).
    const json = normalizedJsonOf(c.req.raw);
    if (json !== undefined) (c.req.bodyCache as Record<string, Promise<string>>).text = Promise.resolve(json);
    await next();
    // On the answer itself: c.header() on a made answer rebuilds it around a body stream (apiCors.ts says what that costs).
    c.res.headers.set('cache-control', 'no-store');
    // The service's own clock: kiosks measure their offset from it.
    c.res.headers.set('date', deps.now().toUTCString());
    const ms = performance.now() - started;
    // Method, path and outcome only: bodies, queries and headers may carry PINs or credentials.
    const level = ConnectionInfo.safeParse(c.env ?? {}).data?.internal ? 'debug' : 'info';
    const principal = c.get('principal');
    deps.logger[level]('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(ms),
      caller: principal ? describePrincipal(principal) : 'anonymous',
    });
    // The route's template (its endpoint is the last route matched), never the raw path with its ids.
    if (deps.metrics) {
      const route = routePath(c as Context, -1); // widened: OpenAPIHono types this input as any
      deps.metrics.observeRequest(c.req.method, route.endsWith('*') ? 'unmatched' : route, c.res.status, ms / 1000, c.res.headers.get('idempotent-replayed') === 'true');
    }
  });
  app.use(
    '*',
    apiCors({
      origin: deps.settings.CORS_ORIGINS === '*' ? '*' : deps.settings.CORS_ORIGINS.split(',').map((o) => o.trim()),
      allowHeaders: ['authorization', 'content-type', 'idempotency-key'],
      exposeHeaders: ['date', 'retry-after', 'idempotent-replayed'],
      maxAge: 600,
    }),
  );
  guardEveryRoute(app, { rateLimits: createRateLimits(deps) });
  registerRoutes(app);

  app.notFound((c) =>
    problemResponse(new ApiError(404, 'not-found', 'Not found.', { detail: `No route for ${c.req.method} ${new URL(c.req.url).pathname}.` })),
  );
  app.onError((error, c) => renderError(error, c, deps.logger));

  const normalize = createRequestNormalizer({
    maxBodyBytes: deps.settings.MAX_BODY_BYTES,
    queryNames: declaredQueryNames(app),
    fieldNames: declaredFieldNames(app),
    mapFields: declaredMapFields(app),
    caseKeptSegments: caseKeptPathSegments(app),
    logger: deps.logger,
  });

  // What the normaliser refuses before routing (413, malformed JSON) or fails on is answered by
  // this small app, so those answers carry the API's security headers too (the API app sets them
  // on its own answers: the first middleware above).
  const refusals = new Hono<{ Bindings: { refusal: Response | null; failure?: unknown } }>();
  refusals.use('*', apiSecurityHeaders());
  refusals.all('*', (c) => {
    if (c.env.refusal) return c.env.refusal;
    throw c.env.failure instanceof Error ? c.env.failure : new Error(String(c.env.failure));
  });
  // Every API request is normalised, then routed by the API app alone: one app's routing and
  // middleware per request. The connection (the client's address) rides along as the app's env.
  const fetch = async (request: Request, connection: ConnectionInfo = {}): Promise<Response> => {
    const started = performance.now();
    let normalized: Request | Response;
    try {
      normalized = await normalize(request);
    } catch (failure) {
      return refusals.fetch(request, { refusal: null, failure });
    }
    if (!(normalized instanceof Response)) return app.fetch(normalized, connection);
    deps.metrics?.observeRequest(request.method, 'refused before routing', normalized.status, (performance.now() - started) / 1000, false);
    return refusals.fetch(request, { refusal: normalized });
  };
  return { app, fetch };
}
