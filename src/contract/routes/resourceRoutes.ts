/**
 * The five routes of a business's resource family (list, create, get, update, delete under
 * `B/<name>` and `B/<name>/{id}`), which several groups declare alike (locations, work types,
 * employee groups). The family fills in what they share: method, path, path parameters, the
 * OData query, the Idempotency-Key header, who may call (read for reads, admin for writes) and
 * the error answers; a group states only what differs: operation ids, words, models, regional
 * shapes. Each verb returns defineRoute's exact type, so handlers and the client are typed as before.
 * A family may use some verbs only (employees: list, create, get).
 */
import type { z } from 'zod';
import type { PageLimits } from '../paging';
import { access, businessParams, type RouteAccess, emptyOk, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';
import { defineRoute, type RouteVariants } from './define';
import { odataQuery } from './odataQuery';

const B = '/api/v2/business/{businessId}';

/** What every route of a family says of itself. */
interface Words {
  operationId: string;
  /** Who may call, where the family's default (read for reads, admin for writes) does not fit. */
  access?: RouteAccess;
  summary: string;
  description?: string;
  variants?: RouteVariants;
}

/**
 * The routes of the family kept at `B/<name>` (e.g. `location`), its items at `B/<name>/{id}`
 * (or `{<itemParam>}`, where the contract names the item's parameter, e.g. `employeeId`).
 */
export function resourceRoutes<K extends string = 'id'>(family: { name: string; tags: string[]; itemParam?: K }) {
  const key = family.itemParam ?? 'id';
  const collection = `${B}/${family.name}`;
  const item = `${collection}/{${key}}`;
  const idParams = businessParams.extend({ [key]: pathId(key) } as { [P in K]: ReturnType<typeof pathId> });
  const { tags } = family;
  return {
    /** `GET B/<name>`: one page of the family, OData paged by `limits`. */
    list: <A extends z.ZodType>(words: Words & { limits: PageLimits; answer: A; answerText: string }) =>
      defineRoute({
        operationId: words.operationId,
        ...(words.variants ? { variants: words.variants } : {}),
        ...access(words.access ?? 'read'),
        method: 'get',
        path: collection,
        tags,
        summary: words.summary,
        ...(words.description !== undefined ? { description: words.description } : {}),
        request: { params: businessParams, query: odataQuery(words.limits) },
        responses: { 200: jsonResponse(words.answer, words.answerText), ...standardErrors },
      }),

    /** `POST B/<name>`: creates one from `body`, answering `answer`. */
    create: <I extends z.ZodType, A extends z.ZodType>(words: Words & { body: I; answer: A; answerText: string }) =>
      defineRoute({
        operationId: words.operationId,
        ...(words.variants ? { variants: words.variants } : {}),
        ...access(words.access ?? 'admin'),
        method: 'post',
        path: collection,
        tags,
        summary: words.summary,
        ...(words.description !== undefined ? { description: words.description } : {}),
        request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(words.body) },
        responses: { 200: jsonResponse(words.answer, words.answerText), ...mutationErrors },
      }),

    /** `GET B/<name>/{id}`: one of the family. */
    get: <A extends z.ZodType>(words: Words & { answer: A; answerText: string }) =>
      defineRoute({
        operationId: words.operationId,
        ...(words.variants ? { variants: words.variants } : {}),
        ...access(words.access ?? 'read'),
        method: 'get',
        path: item,
        tags,
        summary: words.summary,
        ...(words.description !== undefined ? { description: words.description } : {}),
        request: { params: idParams },
        responses: { 200: jsonResponse(words.answer, words.answerText), ...standardErrors },
      }),

    /** `PUT B/<name>/{id}`: replaces one with `body`, answering `answer`. */
    update: <I extends z.ZodType, A extends z.ZodType>(words: Words & { body: I; answer: A; answerText: string }) =>
      defineRoute({
        operationId: words.operationId,
        ...(words.variants ? { variants: words.variants } : {}),
        ...access(words.access ?? 'admin'),
        method: 'put',
        path: item,
        tags,
        summary: words.summary,
        ...(words.description !== undefined ? { description: words.description } : {}),
        request: { params: idParams, headers: idempotencyHeaders, ...jsonBody(words.body) },
        responses: { 200: jsonResponse(words.answer, words.answerText), ...mutationErrors },
      }),

    /** `DELETE B/<name>/{id}`: removes one; `errors` adds answers of its own (e.g. a 409). */
    delete: <E extends Record<number, { description: string }> = Record<never, never>>(words: Words & { errors?: E }) =>
      defineRoute({
        operationId: words.operationId,
        ...access(words.access ?? 'admin'),
        method: 'delete',
        path: item,
        tags,
        summary: words.summary,
        ...(words.description !== undefined ? { description: words.description } : {}),
        request: { params: idParams, headers: idempotencyHeaders },
        responses: { ...emptyOk, ...mutationErrors, ...((words.errors ?? {}) as E) },
      }),
  };
}
