/**
 * Brings requests into the one form the routes expect, before routing, so every route honours
 * the SDK's wire habits (contract 1.4, 1.5) without knowing about them:
 * - API and OAuth paths are matched case-insensitively (ASP.NET routing is), except a string id
 *   whose case is part of its value (a web hook registration's `{id}`);
 * - query names are matched case-insensitively and an empty value means "not given";
 * - JSON property names are accepted in any casing, except the keys of maps, which are data (a web
 *   hook's header names and property keys are kept exactly as sent);
 * - bodies above the size limit get 413 (and the connection is closed, since the rest of the
 *   body is never read), JSON nested too deeply or malformed a clear 400, before any handler runs.
 * This runs outside Hono's error handler, so it renders its own failures, including unexpected
 * ones, as problem+json.
 */
import { ApiError } from '../errors/apiError';
import { problemResponse } from './renderProblem';
import type { Logger } from '../logger';

export interface NormalizeOptions {
  maxBodyBytes: number;
  /** Canonical spellings of every declared query parameter. */
  queryNames: Iterable<string>;
  /** Canonical spellings of every JSON property of every request model. */
  fieldNames: Iterable<string>;
  /**
   * Request fields (canonical names) that are maps: their keys are kept as sent; `true` when their
   * values are models whose property names are normalised in turn, `false` when kept as sent too.
   */
  mapFields?: ReadonlyMap<string, boolean>;
  /** Lower-case literal segments whose NEXT path segment keeps its case (a string id). */
  caseKeptSegments?: Iterable<string>;
  logger: Logger;
}

/**
 * How deeply a JSON body may nest objects and arrays. The deepest request model (a shift's breaks,
 * each with its start and end punch) needs 4 levels; the limit keeps a hostile body from exhausting
 * the stack of anything that walks it.
 */
export const MAX_JSON_DEPTH = 32;

const API_PATH = /^\/(api|oauth)(\/|$)/i;

/** Methods the Fetch API refuses to build a Request with (Node's server still accepts them). */
const UNSUPPORTED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

function byLowerCase(names: Iterable<string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of names) map.set(name.toLowerCase(), name);
  return map;
}

/**
 * True when JSON text nests objects and arrays deeper than `max`: one pass over the text, no
 * recursion, brackets inside strings ignored. Run before parsing.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1; // backslash: skip the escaped character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Renames keys to their canonical spelling (depth is bounded by MAX_JSON_DEPTH beforehand). The
 * keys of a map field stay as sent; its values are normalised only when they are models.
 */
function canonicalKeys(value: unknown, names: Map<string, string>, maps: ReadonlyMap<string, boolean>): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalKeys(item, names, maps));
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a `__proto__` key stays a plain (ignored) property instead of a prototype.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, inner] of Object.entries(value)) {
    const canonical = names.get(key.toLowerCase()) ?? key;
    // When both spellings arrive, the canonical one wins.
    if (Object.hasOwn(out, canonical) && canonical !== key) continue;
    const mapOfModels = maps.get(canonical);
    if (mapOfModels === undefined || inner === null || typeof inner !== 'object' || Array.isArray(inner)) {
      out[canonical] = canonicalKeys(inner, names, maps);
      continue;
    }
    const entries = Object.create(null) as Record<string, unknown>;
    for (const [entryKey, entry] of Object.entries(inner as Record<string, unknown>)) entries[entryKey] = mapOfModels ? canonicalKeys(entry, names, maps) : entry;
    out[canonical] = entries;
  }
  return out;
}

/** Lower-cases a path, except each segment that follows one of `kept` (lower-case literals). */
export function lowerCasePath(pathname: string, kept: ReadonlySet<string>): string {
  if (kept.size === 0) return pathname.toLowerCase();
  const segments = pathname.split('/');
  return segments.map((segment, index) => (index > 0 && kept.has((segments[index - 1] ?? '').toLowerCase()) ? segment : segment.toLowerCase())).join('/');
}

async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader: ReadableStreamDefaultReader<Uint8Array> = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The rest of an oversized body is never read, so the connection cannot carry another request. */
const tooLarge = (limit: number) =>
  problemResponse(
    new ApiError(413, 'payload-too-large', 'The request body is too large.', {
      detail: `Request bodies are limited to ${limit} bytes.`,
      headers: { connection: 'close' },
    }),
  );

const tooDeep = () =>
  problemResponse(
    new ApiError(400, 'json-too-deep', 'The request body is nested too deeply.', {
      detail: `JSON bodies may nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep.`,
    }),
  );

const malformedJson = () =>
  problemResponse(
    new ApiError(400, 'malformed-json', 'The request body is not valid JSON.', {
      detail: 'The body could not be parsed as JSON.',
    }),
  );

const unsupportedMethod = (method: string) =>
  problemResponse(
    new ApiError(405, 'method-not-allowed', 'Method not allowed.', {
      detail: `The API does not answer ${method} requests.`,
      headers: { allow: 'GET, HEAD, POST, PUT, DELETE, OPTIONS' },
    }),
  );

/**
 * The JSON body of each normalised request, its keys renamed. The request itself goes on without
 * it (its body was read here): the app's validators read this text instead (app.ts puts it in
 * Hono's body cache), so a body is read and parsed once, never copied into a new stream.
 */
const normalizedJson = new WeakMap<Request, string>();

/** The JSON body of a request this module normalised, or undefined (not JSON, or empty). */
export function normalizedJsonOf(request: Request): string | undefined {
  return normalizedJson.get(request);
}

export function createRequestNormalizer(options: NormalizeOptions) {
  const queryNames = byLowerCase(options.queryNames);
  const fieldNames = byLowerCase(options.fieldNames);
  const mapFields: ReadonlyMap<string, boolean> = options.mapFields ?? new Map();
  const caseKept = new Set([...(options.caseKeptSegments ?? [])].map((segment) => segment.toLowerCase()));
  const decoder = new TextDecoder();

  async function normalize(request: Request, url: URL): Promise<Request | Response> {
    url.pathname = lowerCasePath(url.pathname, caseKept);
    const query = new URLSearchParams();
    for (const [name, value] of url.searchParams) {
      if (value === '') continue;
      query.append(queryNames.get(name.toLowerCase()) ?? name, value);
    }
    url.search = query.toString();

    const declared = request.headers.get('content-length');
    if (Number(declared ?? '0') > options.maxBodyBytes) return tooLarge(options.maxBodyBytes);
    // Nothing to rename in the address: the request goes on as it came (no copy of it to build).
    const sameUrl = url.href === request.url;
    if (request.method === 'GET' || request.method === 'HEAD') {
      return sameUrl ? request : new Request(url, { method: request.method, headers: request.headers, signal: request.signal });
    }

    // A declared length bounds the body (Node's parser reads no more): read it whole, without a
    // stream (the Node adapter reads it straight off the socket). Without one, count as it comes.
    const raw = declared !== null ? new Uint8Array(await request.arrayBuffer()) : await readLimited(request, options.maxBodyBytes);
    if (raw === null) return tooLarge(options.maxBodyBytes);
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    const isJson = /json/i.test(headers.get('content-type') ?? '');
    if (!isJson || raw.byteLength === 0) return new Request(url, { method: request.method, headers, body: raw, signal: request.signal });
    const text = decoder.decode(raw);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return tooDeep();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return malformedJson();
    }
    // The JSON goes on beside the request (normalizedJsonOf), not as a body stream to be read again.
    const normalized = sameUrl ? request : new Request(url, { method: request.method, headers, signal: request.signal });
    normalizedJson.set(normalized, JSON.stringify(canonicalKeys(parsed, fieldNames, mapFields)));
    return normalized;
  }

  return async function normalizeRequest(request: Request): Promise<Request | Response> {
    const url = new URL(request.url);
    if (!API_PATH.test(url.pathname)) return request;
    if (UNSUPPORTED_METHODS.has(request.method.toUpperCase())) return unsupportedMethod(request.method);
    try {
      return await normalize(request, url);
    } catch (error) {
      options.logger.error('unhandled error while reading the request', {
        method: request.method,
        path: url.pathname,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return problemResponse(new ApiError(500, 'internal-error', 'Something went wrong on the server.'));
    }
  };
}
