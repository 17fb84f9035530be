/**
 * Structured logging on pino: one JSON line per event (`time`, `level`, `message` and the event's
 * fields), or, for a person at a terminal, the same event as a short line (format `pretty`,
 * logLines.ts). Call sites pass only what is safe to log; on top of that, every field whose name
 * says it could hold a secret (PINs, passwords, tokens, keys, photos), at any depth, is replaced
 * by `[redacted]` before the line is written, and so are secrets inside any text (a failed
 * query's parameters in an error's stack, credentials); the short line is made from the redacted
 * JSON. The service's modules see only the small Logger interface, so tests collect lines
 * through `write`.
 */
import pino from 'pino';
import { humanLogLine } from './logLines';

export type LogLevel = 'silent' | 'error' | 'info' | 'debug';
/** `json`: one JSON object per line; `pretty`: a short line for a person (logLines.ts). */
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  format?: LogFormat;
  /** ANSI colours in the pretty format. */
  color?: boolean;
}

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

const SECRET_KEYS = /pin|password|passwd|secret|token|authorization|cookie|credential|image|photo|api[-_]?key/i;
const REDACTED = '[redacted]';
/**
 * Secrets a text can carry whatever its field is called (an error's message or stack): the
 * parameters drizzle prints after a failed query (hashes, sealed secrets, photos, notes), HTTP
 * credentials, and the service's own credentials by their prefixes (kck_, kcd_, kca_, kcr_, ...).
 */
const SECRET_TEXT: ReadonlyArray<[RegExp, string]> = [
  [/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\bkc[a-z]_[\w-]{8,}/g, REDACTED],
];

function redactText(text: string): string {
  return SECRET_TEXT.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}
/** Deeper than any field the service logs; anything below is cut rather than walked. */
const MAX_DEPTH = 8;

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  if (value instanceof Date) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEYS.test(key) ? REDACTED : redactValue(item, depth + 1)]));
}

/** The fields with every secret-named field, at any depth, replaced by `[redacted]`. */
export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields, 0) as Record<string, unknown>;
}

function writeStdout(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** A logger at `level` writing to `write` (each line without its newline), else to standard output. */
export function createLogger(level: LogLevel, write?: (line: string) => void, options: LoggerOptions = {}): Logger {
  const style = { color: options.color ?? false };
  const shape = options.format === 'pretty' ? (line: string) => humanLogLine(line, style) : (line: string) => line;
  const out = write ?? (options.format === 'pretty' ? writeStdout : null);
  const destination = out ? { write: (line: string) => out(shape(line.replace(/\n$/, ''))) } : pino.destination({ dest: 1, sync: true });
  const log = pino(
    {
      level,
      base: null,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: {
        level: (label) => ({ level: label }),
        log: (fields) => redact(fields),
      },
    },
    destination,
  );
  return {
    error: (message, fields) => log.error(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    debug: (message, fields) => log.debug(fields ?? {}, message),
  };
}
