/**
 * Every place a request carries a contract enum, found in the OpenAPI document (schemas marked
 * `x-enum-members` by wireTypes.enumInput), with the forms the vendor's .NET binder accepts for
 * each member and requests that are right in all but that value. The enum tolerance test
 * (src/server/http/enumTolerance.test.ts) sends them to every such route, so an enum added to a
 * route is covered as soon as it is declared.
 */
import { SchemaSet, type SchemaNode, type ValueHint } from './schemaSet';
import type { FuzzRequest, FuzzRoute, OpenApiDocument } from './fuzzCases';

export interface EnumSite {
  route: FuzzRoute;
  where: 'query' | 'body';
  /** Keys from the body's root (array items as 0), or the query parameter's name. */
  path: (string | number)[];
  /** The field as the service names it in a 400's `errors`. */
  errorField: string;
  members: string[];
  /** A query parameter given as a list (`name=a&name=b`). */
  isList: boolean;
}

/** How deep into a body the search goes (a shift's breaks hold punches: 4 levels). */
const MAX_DEPTH = 5;

/** The spellings of a member the service must accept: any case, and its number as JSON and as text. */
export function tolerantForms(members: readonly string[], index: number, where: EnumSite['where']): unknown[] {
  const name = members[index] ?? '';
  const forms: unknown[] = [name.toLowerCase(), name.toUpperCase(), String(index)];
  return where === 'body' ? [...forms, index] : forms;
}

/** Values that name no member: the number after the last one, and an unknown name. */
export function refusedForms(members: readonly string[], where: EnumSite['where']): unknown[] {
  return where === 'body' ? [members.length, 'NotAMember'] : [String(members.length), 'NotAMember'];
}

export class EnumSites {
  private readonly schemas: SchemaSet;

  constructor(
    document: OpenApiDocument,
    private readonly hint: ValueHint,
    private readonly pathValue: (name: string, template: string) => string,
  ) {
    this.schemas = new SchemaSet(document.components.schemas);
  }

  /** The enum sites of a route: query parameters, then body fields. */
  of(route: FuzzRoute): EnumSite[] {
    const sites: EnumSite[] = [];
    for (const param of route.queryParams) {
      const node = this.schemas.resolve(param.schema);
      const item = node.type === 'array' && node.items ? this.schemas.resolve(node.items) : node;
      const members = item['x-enum-members'];
      if (members) sites.push({ route, where: 'query', path: [param.name], errorField: `query.${param.name}`, members, isList: item !== node });
    }
    if (route.body) this.collect(route, route.body.schema, [], sites, 0);
    return sites;
  }

  private collect(route: FuzzRoute, input: SchemaNode, path: (string | number)[], sites: EnumSite[], depth: number): void {
    if (depth > MAX_DEPTH) return;
    const node = this.schemas.resolve(input);
    const members = node['x-enum-members'];
    if (members) {
      sites.push({ route, where: 'body', path, errorField: path.join('.'), members, isList: false });
      return;
    }
    // The first branch that is not null: the value itself, or the base (UK) shape of a body that
    // has regional variants (a UK test business is held to that one).
    const first = (node.anyOf ?? []).find((branch) => this.schemas.resolve(branch).type !== 'null');
    if (first) this.collect(route, first, path, sites, depth + 1);
    if (node.items) this.collect(route, node.items, [...path, 0], sites, depth + 1);
    for (const [name, inner] of Object.entries(node.properties ?? {})) this.collect(route, inner, [...path, name], sites, depth + 1);
  }

  /** A request that is valid as the schema sees it, except perhaps `value` at the site. */
  request(site: EnumSite, value: unknown, auth: string): FuzzRequest {
    const { route } = site;
    const path = route.template.replace(/\{(\w+)\}/g, (_, name: string) => this.pathValue(name, route.template));
    const query = new URLSearchParams();
    for (const param of route.queryParams) {
      if (param.required) query.set(param.name, String(this.schemas.validValue(param.schema, param.name, this.hint)));
    }
    const headers: Record<string, string> = { authorization: auth };
    let body: string | undefined;
    if (site.where === 'query') query.set(String(site.path[0]), String(value));
    if (route.body) {
      const root = route.body.schema;
      body = JSON.stringify(site.where === 'body' ? this.placed(root, site.path, value) : this.schemas.baseObject(root, this.hint));
      headers['content-type'] = 'application/json';
    }
    const text = query.toString();
    return { method: route.method, path: text ? `${path}?${text}` : path, headers, ...(body !== undefined ? { body } : {}) };
  }

  /** The simplest valid value of `input`, with `value` put at `path` (objects and arrays made on the way). */
  private placed(input: SchemaNode, path: (string | number)[], value: unknown): unknown {
    if (path.length === 0) return value;
    const node = this.objectOrArrayBranch(input);
    const [key, ...rest] = path;
    if (typeof key === 'number') return [this.placed(node.items ?? {}, rest, value)];
    const base = this.schemas.baseObject(node, this.hint);
    return { ...base, [String(key)]: this.placed(node.properties?.[String(key)] ?? {}, rest, value) };
  }

  /** The branch of a (possibly nullable) schema that holds properties or items. */
  private objectOrArrayBranch(input: SchemaNode): SchemaNode {
    const node = this.schemas.resolve(input);
    if (!node.anyOf) return node;
    const branches = node.anyOf.map((branch) => this.schemas.resolve(branch));
    return branches.find((branch) => branch.type !== 'null') ?? node;
  }
}
