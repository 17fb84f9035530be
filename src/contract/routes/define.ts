/**
 * What a route definition is, in plain zod: the service registers it with Hono (which reads the
 * same shape as `createRoute`'s), builds the OpenAPI document from it, and the typed client calls
 * it. Declared here, not with @hono/zod-openapi, so the kiosk's bundle can carry the route
 * objects without the server framework.
 */
import { z } from 'zod';
import { COUNTRY_OF_REGION, REGIONAL_VARIANTS, type RegionalVariant } from '../../domain/regions';

export type ContractMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** A body or response content: one schema per media type. */
export type ContractContent = Record<string, { schema: z.ZodType }>;

export interface ContractRoute {
  operationId: string;
  method: ContractMethod;
  /** An OpenAPI path template (`/api/v2/business/{businessId}`). */
  path: string;
  tags?: string[];
  summary?: string;
  description?: string;
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: z.ZodObject;
    body?: { content: ContractContent; required?: boolean; description?: string };
  };
  responses: Record<number, { description: string; content?: ContractContent }>;
  /**
   * The service's own declarations (`x-access`, `x-callers`, `x-rate-limit`), and
   * `x-regional-variants` (written by defineRoute from `variants`).
   */
  [extension: `x-${string}`]: string | Readonly<Record<string, RegionalNames>> | undefined;
}

/**
 * Where a region's models differ from the UK ones on a route (the contract's "† Regional types"):
 * the body it accepts, the 200 answer it gets, and the answer's `...Fill` schema (generated), which
 * reshapes the service's UK-shaped answer for a business of that region.
 */
export interface RegionalShapes {
  body?: z.ZodType;
  response?: z.ZodType;
  fill?: z.ZodType;
}
export type RouteVariants = Partial<Record<RegionalVariant, RegionalShapes>>;

/** The contract's names of a region's types (`x-regional-variants` in the OpenAPI document). */
export interface RegionalNames {
  request?: string;
  response?: string;
}

const variantsOfRoute = new WeakMap<object, RouteVariants>();

/** The regional shapes declared with a route (empty for a route the same in every region). */
export function variantsOf(route: object): RouteVariants {
  return variantsOfRoute.get(route) ?? {};
}

/** The contract's name of a model schema (`Au.AuWorkTypeModel`, `List<...>`), from its OpenAPI id. */
function contractName(schema: z.ZodType): string {
  if (schema instanceof z.ZodArray) return `List<${contractName(schema.element as z.ZodType)}>`;
  const id = schema.meta()?.id;
  if (typeof id !== 'string') throw new Error('a regional shape must be a generated model (or a list of one)');
  return id.replace(/Input$/, '');
}

/** How many fields a model (or a list's model) has. */
function fieldCount(schema: z.ZodType): number {
  if (schema instanceof z.ZodArray) return fieldCount(schema.element as z.ZodType);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape).length : 0;
}

const describeRegions = (regions: RegionalVariant[]) => regions.map((r) => `\`${COUNTRY_OF_REGION[r]}\``).join(', ');

/** One content schema for every region: the UK one first (what validation reports against), then the regional ones. */
function regionalUnion(base: z.ZodType, regional: [RegionalVariant, z.ZodType][], what: string, isAnswer: boolean): z.ZodType {
  const ukRegions = REGIONAL_VARIANTS.filter((r) => !regional.some(([region]) => region === r));
  const description =
    `The ${what} depends on the business's country (BusinessModel.country): ` +
    regional.map(([region, schema]) => `${contractName(schema)} for ${describeRegions([region])}`).join('; ') +
    `; ${contractName(base)} for every other country${ukRegions.length > 0 ? ` (${describeRegions(ukRegions)} included)` : ''}.`;
  const schemas = regional.map(([, schema]) => schema);
  // A client parses an answer with the first member that fits, dropping fields that member lacks:
  // answers list the shapes with the most fields first (AU's lookup before the UK one, the UK
  // timesheet line before NZ's, which lacks unitType), the UK one first among equals.
  const members = isAnswer ? [base, ...schemas].sort((a, b) => fieldCount(b) - fieldCount(a)) : [base, ...schemas];
  return z.union(members as [z.ZodType, z.ZodType, ...z.ZodType[]]).meta({ description });
}

/**
 * Declares a route, keeping its exact type for handlers and the client. `variants` (the regional
 * shapes, declared once here) become the documented body and 200 answer (an `anyOf` whose
 * description names the region of each shape) and `x-regional-variants`; the route guard reads
 * them back with `variantsOf` to validate a body and shape an answer by the business's region.
 */
export function defineRoute<R extends ContractRoute>(route: R & { variants?: RouteVariants }): R {
  const { variants, ...rest } = route;
  if (!variants) return route;
  const entries = REGIONAL_VARIANTS.flatMap((region) => (variants[region] ? [[region, variants[region]] as const] : []));
  const names: Record<string, RegionalNames> = {};
  for (const [region, shapes] of entries) {
    names[region] = {
      ...(shapes.body ? { request: contractName(shapes.body) } : {}),
      ...(shapes.response ? { response: contractName(shapes.response) } : {}),
    };
  }
  const bodyVariants = entries.flatMap(([region, shapes]) => (shapes.body ? [[region, shapes.body] as [RegionalVariant, z.ZodType]] : []));
  const answerVariants = entries.flatMap(([region, shapes]) => (shapes.response ? [[region, shapes.response] as [RegionalVariant, z.ZodType]] : []));
  const body = rest.request?.body;
  const bodyMedia = body?.content['application/json'];
  const answer = rest.responses[200];
  const answerMedia = answer?.content?.['application/json'];
  if (bodyVariants.length > 0 && !bodyMedia) throw new Error(`${rest.operationId}: regional bodies on a route without a JSON body`);
  if (answerVariants.length > 0 && !answerMedia) throw new Error(`${rest.operationId}: regional answers on a route without a JSON answer`);
  const shaped = {
    ...rest,
    ...(bodyMedia && body && bodyVariants.length > 0
      ? {
        request: {
          ...rest.request,
          body: { ...body, content: { ...body.content, 'application/json': { schema: regionalUnion(bodyMedia.schema, bodyVariants, 'body', false) } } },
        },
      }
      : {}),
    ...(answer && answerMedia && answerVariants.length > 0
      ? {
        responses: {
          ...rest.responses,
          200: { ...answer, content: { ...answer.content, 'application/json': { schema: regionalUnion(answerMedia.schema, answerVariants, 'answer', true) } } },
        },
      }
      : {}),
    'x-regional-variants': names,
  } as unknown as R;
  variantsOfRoute.set(shaped, variants);
  return shaped;
}

type SchemaIn<C> = C extends { content: infer M } ? (M[keyof M] extends { schema: infer S extends z.ZodType } ? S : never) : never;

/** The body a route accepts, as its schema takes it (optional members where the service has a default). */
export type BodyOf<R> = R extends { request: { body: infer B } } ? z.input<SchemaIn<B>> : never;
