/**
 * Web NFC (Chrome on Android, `NDEFReader`) for badges: writing a badge token to a tag as a plain
 * text record (no URL: a phone that taps the tag opens nothing), and reading tags, handing on the
 * token the first record carries. The DOM library has no types for it, so the reader is described
 * here and every reading is parsed before use: a tag is outside data like any other. Where
 * `NDEFReader` is absent, `hasWebNfc()` (hasWebNfc.ts) is false and callers hide their NFC options.
 */
import * as z from 'zod/mini';
import { readBadgeToken } from '../../domain/badges';
import { webNfcReaderClass } from './hasWebNfc';

export { hasWebNfc } from './hasWebNfc';

interface NdefRecordInit {
  recordType: 'text';
  lang: string;
  data: string;
}

interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(message: { records: NdefRecordInit[] }, options?: { overwrite?: boolean; signal?: AbortSignal }): Promise<void>;
}

type NdefReaderConstructor = new () => NdefReader;

function readerClass(): NdefReaderConstructor | null {
  return webNfcReaderClass() as NdefReaderConstructor | null;
}

const NdefReading = z.object({
  message: z.object({
    records: z.array(
      z.object({
        recordType: z.string(),
        encoding: z.optional(z.nullable(z.string())),
        data: z.optional(z.unknown()),
      }),
    ),
  }),
});

/** A tag holds at most a few kilobytes; anything longer than a badge's few dozen bytes is not one. */
const MAX_RECORD_BYTES = 2048;

function textOf(data: unknown, encoding: string | null | undefined): string | null {
  const bytes = data instanceof DataView ? data : data instanceof ArrayBuffer ? new DataView(data) : null;
  if (!bytes || bytes.byteLength > MAX_RECORD_BYTES) return null;
  try {
    return new TextDecoder(encoding ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The token a URL record carries as its last path segment or its fragment
 * (`https://example.org/badge/KCB1…`, `…#KCB1…`): tags written by other tools. Nothing else in
 * the address counts, so a URL that merely mentions a token somewhere is not a badge.
 */
function tokenOfUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const lastSegment = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  return readBadgeToken(url.hash.slice(1)) ?? readBadgeToken(lastSegment);
}

/** The badge token a tag's reading carries (a text record, or a URL record ending in it); null when it carries none. */
export function badgeTokenOfReading(event: unknown): string | null {
  const parsed = z.safeParse(NdefReading, event);
  if (!parsed.success) return null;
  for (const record of parsed.data.message.records) {
    const isText = record.recordType === 'text';
    const isUrl = record.recordType === 'url' || record.recordType === 'absolute-url';
    if (!isText && !isUrl) continue;
    const text = textOf(record.data, isText ? record.encoding : 'utf-8');
    const token = text === null ? null : isText ? readBadgeToken(text) : tokenOfUrl(text);
    if (token) return token;
  }
  return null;
}

/** Writes the token to the next tag held to the tablet, replacing what it held. */
export async function writeBadgeTag(token: string, signal?: AbortSignal): Promise<void> {
  const Reader = readerClass();
  if (!Reader) throw new Error('This browser cannot write NFC tags.');
  await new Reader().write({ records: [{ recordType: 'text', lang: 'en', data: token }] }, { overwrite: true, ...(signal ? { signal } : {}) });
}

/**
 * Reads tags until `signal` aborts: each tag held to the tablet gives its badge token, or null for
 * a tag that carries none (or could not be read). Starting needs the person's permission, which
 * the browser asks for only after a tap: refused for want of one, it starts again at the next tap
 * anywhere. A tablet without NFC hardware (or with it switched off) reads nothing, quietly.
 */
export function readBadgeTags(onTag: (token: string | null) => void, signal: AbortSignal): void {
  const Reader = readerClass();
  if (!Reader) return;
  const reader = new Reader();
  reader.addEventListener('reading', (event) => onTag(badgeTokenOfReading(event)), { signal });
  reader.addEventListener('readingerror', () => onTag(null), { signal });
  const start = () => {
    reader.scan({ signal }).catch((error: unknown) => {
      if (signal.aborted || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
      window.addEventListener('pointerdown', start, { once: true, signal });
    });
  };
  start();
}
