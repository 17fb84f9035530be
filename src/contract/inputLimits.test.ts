/**
 * Every request field the OpenAPI document declares is bounded: text has a maximum length (or is
 * an enum, a date-time or base64 bounded by its pattern or the body limit), integers have a range,
 * arrays a maximum number of items. A field added without a limit fails here, by name.
 */
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../server/app';
import { OpenApiDocument } from '../server/testing/fuzzCases';
import { SchemaSet, type SchemaNode } from '../server/testing/schemaSet';
import { DEFAULT_TEXT_MAX, maxTextLength } from './inputLimits';

/** The OData parameters: strings whose limits are the OData parser's own (src/server/lists/odata/). */
const ODATA_PARAMETERS = new Set(['$filter', '$orderby', '$top', '$skip']);

function unbounded(schemas: SchemaSet, input: SchemaNode, at: string, seen: Set<SchemaNode>): string[] {
  const node = schemas.resolve(input);
  if (seen.has(node)) return [];
  seen.add(node);
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  const out: string[] = [];
  for (const branch of node.anyOf ?? []) out.push(...unbounded(schemas, branch, at, seen));
  const isBoundedText = node.enum !== undefined || node.maxLength !== undefined || node.format === 'date-time' || node.format === 'byte';
  if (types.includes('string') && !isBoundedText) out.push(`${at}: text without maxLength`);
  if (types.includes('integer') && (node.minimum === undefined || node.maximum === undefined)) out.push(`${at}: integer without a range`);
  if (types.includes('array')) {
    if (node.maxItems === undefined) out.push(`${at}: array without maxItems`);
    if (node.items) out.push(...unbounded(schemas, node.items, `${at}[]`, seen));
  }
  for (const [name, inner] of Object.entries(node.properties ?? {})) out.push(...unbounded(schemas, inner, `${at}.${name}`, seen));
  return out;
}

describe('limits on request fields', () => {
  it('bounds every text, integer and array of every request body and query', () => {
    const document = OpenApiDocument.parse(buildOpenApiDocument());
    const schemas = new SchemaSet(document.components.schemas);
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const at = `${method.toUpperCase()} ${path}`;
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) {
          problems.push(...unbounded(schemas, media.schema, `${at} (${type})`, new Set()));
        }
        for (const param of operation.parameters ?? []) {
          if ((param.in === 'query' || param.in === 'path') && !ODATA_PARAMETERS.has(param.name)) {
            problems.push(...unbounded(schemas, param.schema, `${at} ${param.in} ${param.name}`, new Set()));
          }
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('looks limits up by field, with model-specific exceptions and a default', () => {
    expect(maxTextLength('email')).toBe(254);
    expect(maxTextLength('name')).toBe(100);
    expect(maxTextLength('name', 'CreateBusinessModel')).toBe(200);
    expect(maxTextLength('unheardOf')).toBe(DEFAULT_TEXT_MAX);
  });
});
