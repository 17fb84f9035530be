/**
 * Brings requests into the one form the routes expect, before routing, so every route honours
 * the SDK's wire habits (contract 1.4, 1.5) without knowing about them:
 * - API and OAuth paths are matched case-insensitively (ASP.NET routing is);
 * - query names are matched case-insensitively and an empty value means "not given";
 * - JSON property names are accepted in any casing;
 * - bodies above the size limit get 413, and malformed JSON a clear 400, before any handler runs.
 */
import { ApiError } from './apiError';
import { problemResponse } from './renderProblem';

export interface NormalizeOptions {
  maxBodyBytes: number;
  /** Canonical spellings of every declared query parameter. */
  queryNames: Iterable<string>;
  /** Canonical spellings of every JSON property of every request model. */
  fieldNames: Iterable<string>;
}

const API_PATH = /^\/(api|oauth)(\/|$)/i;

function byLowerCase(names: Iterable<string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const name of names) map.set(name.toLowerCase(), name);
  return map;
}

function canonicalKeys(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalKeys(item, names));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const canonical = names.get(key.toLowerCase()) ?? key;
    // When both spellings arrive, the canonical one wins.
    if (canonical in out && canonical !== key) continue;
    out[canonical] = canonicalKeys(inner, names);
  }
  return out;
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

const tooLarge = (limit: number) =>
  problemResponse(
    new ApiError(413, 'payload-too-large', 'The request body is too large.', {
      detail: `Request bodies are limited to ${limit} bytes.`,
    }),
  );

export function createRequestNormalizer(options: NormalizeOptions) {
  const queryNames = byLowerCase(options.queryNames);
  const fieldNames = byLowerCase(options.fieldNames);
  const decoder = new TextDecoder();

  return async function normalizeRequest(request: Request): Promise<Request | Response> {
    const url = new URL(request.url);
    if (!API_PATH.test(url.pathname)) return request;

    url.pathname = url.pathname.toLowerCase();
    const query = new URLSearchParams();
    for (const [name, value] of url.searchParams) {
      if (value === '') continue;
      query.append(queryNames.get(name.toLowerCase()) ?? name, value);
    }
    url.search = query.toString();

    const declaredLength = Number(request.headers.get('content-length') ?? '0');
    if (declaredLength > options.maxBodyBytes) return tooLarge(options.maxBodyBytes);
    if (request.method === 'GET' || request.method === 'HEAD' || !request.body) {
      return new Request(url, { method: request.method, headers: request.headers, signal: request.signal });
    }

    const raw = await readLimited(request, options.maxBodyBytes);
    if (raw === null) return tooLarge(options.maxBodyBytes);
    const headers = new Headers(request.headers);
    headers.delete('content-length');
    let body: string | Uint8Array<ArrayBuffer> = raw;
    const isJson = /json/i.test(headers.get('content-type') ?? '');
    if (isJson && raw.byteLength > 0) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(decoder.decode(raw));
      } catch {
        return problemResponse(
          new ApiError(400, 'malformed-json', 'The request body is not valid JSON.', {
            detail: 'The body could not be parsed as JSON.',
          }),
        );
      }
      body = JSON.stringify(canonicalKeys(parsed, fieldNames));
    }
    return new Request(url, { method: request.method, headers, body, signal: request.signal });
  };
}
