/**
 * Control characters in OData literals, generated from the OpenAPI document: every list route that
 * takes `$filter`, every text field of the model it lists that the route lets a filter name, each
 * control character in a quoted literal (all of them on one field per route, NUL and a few on the
 * others), and NUL in a typed literal. NUL, which PostgreSQL cannot
 * take, is a 400 naming `$filter`; the others are text like any other. None may be a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../app';
import { OpenApiDocument, routesOf } from '../../testing/fuzzCases';
import { createRouteFixtures, type RouteFixtures } from '../../testing/routeFixtures';
import { SchemaNode, SchemaSet } from '../../testing/schemaSet';
import { startTestService, type TestService } from '../../testing/testService';

let t: TestService;
let fixtures: RouteFixtures;

beforeAll(async () => {
  t = await startTestService();
  fixtures = await createRouteFixtures(t, { emailTag: 'filter-literals' });
});
afterAll(() => t.close());

/** C0 controls and DEL, as characters. */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f].map((code) => String.fromCharCode(code));
const NUL = '\u0000';
const SOME_CONTROLS = [NUL, '\u0001', '\n', '\u001b', '\u007f'];
const Answers = z.record(z.string(), z.looseObject({ responses: z.record(z.string(), z.looseObject({ content: z.record(z.string(), z.object({ schema: SchemaNode })).optional() })) }));

/** The text fields of the model a list answer holds (the UK shape: the first member of a regional union that is a list). */
function textFieldsOf(schemas: SchemaSet, answer: SchemaNode): string[] {
  const node = schemas.resolve(answer);
  const list = node.anyOf ? node.anyOf.map((branch) => schemas.resolve(branch)).find((branch) => branch.type === 'array') : node;
  if (!list?.items) return [];
  const model = schemas.resolve(list.items);
  return Object.entries(model.properties ?? {})
    .filter(([, field]) => {
      const resolved = schemas.resolve(field);
      const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
      return types.includes('string') && resolved.format === undefined;
    })
    .map(([name]) => name);
}

const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

describe('control characters in OData literals (generated from the OpenAPI document)', () => {
  it('never answer 500: NUL is refused naming $filter, other control characters filter like any text', { timeout: 300_000 }, async () => {
    const document = OpenApiDocument.parse(buildOpenApiDocument());
    const schemas = new SchemaSet(document.components.schemas);
    const failures: string[] = [];
    const filterable: string[] = [];
    const get = (path: string) => t.request('GET', path, { auth: fixtures.tenant.manager.auth });
    for (const route of routesOf(document).filter((r) => r.method === 'GET' && r.queryParams.some((p) => p.name === '$filter'))) {
      const operations = Answers.parse(document.paths[route.template]);
      const answer = operations.get?.responses['200']?.content?.['application/json']?.schema;
      if (!answer) continue;
      const path = route.template.replace(/\{(\w+)\}/g, (_, name: string) => fixtures.pathValue(name, route.template));
      const withFilter = (filter: string) => `${path}?$filter=${encodeURIComponent(filter)}`;
      let isFirst = true;
      for (const field of textFieldsOf(schemas, answer)) {
        // Only the fields the route lets a filter name (the others are refused whatever the literal).
        if ((await get(withFilter(`${field} eq 'a'`))).status !== 200) continue;
        filterable.push(`${route.template} ${field}`);
        // Every control character on a route's first text field; NUL and a few others on the rest.
        const controls = isFirst ? CONTROLS : SOME_CONTROLS;
        isFirst = false;
        for (const control of controls) {
          const res = await get(withFilter(`${field} eq ${quoted(`a${control}b`)}`));
          const label = `${route.template} ${field} eq 'a\\u${control.charCodeAt(0).toString(16).padStart(4, '0')}b'`;
          if (res.status >= 500) failures.push(`${label}: ${res.status}`);
          else if (control === NUL && (res.status !== 400 || !JSON.stringify(res.body).includes('"field":"$filter"'))) failures.push(`${label}: ${res.status} ${res.text}`);
          else if (control !== NUL && res.status !== 200) failures.push(`${label}: ${res.status} ${res.text}`);
        }
      }
      // A typed literal carries text too.
      const typed = await get(withFilter(`id eq datetime'2026-01-01${NUL}'`));
      if (typed.status >= 500) failures.push(`${route.template} datetime literal with NUL: ${typed.status}`);
    }
    expect(failures).toEqual([]);
    // The nine list routes the probe found answering 500 are among those generated.
    for (const expected of ['/api/v2/business name', '/api/v2/business/{businessId}/location name', '/api/v2/business/{businessId}/worktype name', '/api/v2/business/{businessId}/employeegroup name']) {
      expect(filterable).toContain(expected);
    }
    expect(filterable.length).toBeGreaterThanOrEqual(20);
  });
});
