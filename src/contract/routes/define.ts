/**
 * What a route definition is, in plain zod: the service registers it with Hono (which reads the
 * same shape as `createRoute`'s), builds the OpenAPI document from it, and the typed client calls
 * it. Declared here, not with @hono/zod-openapi, so the kiosk's bundle can carry the route
 * objects without the server framework.
 */
import type { z } from 'zod';

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
  /** The service's own declarations (`x-access`, `x-callers`, `x-rate-limit`). */
  [extension: `x-${string}`]: string | undefined;
}

/** Declares a route; the identity, so each route keeps its exact type for handlers and the client. */
export function defineRoute<R extends ContractRoute>(route: R): R {
  return route;
}

type SchemaIn<C> = C extends { content: infer M } ? (M[keyof M] extends { schema: infer S extends z.ZodType } ? S : never) : never;

/** The body a route accepts, as its schema takes it (optional members where the service has a default). */
export type BodyOf<R> = R extends { request: { body: infer B } } ? z.input<SchemaIn<B>> : never;
