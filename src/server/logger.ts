/**
 * A small structured logger: one JSON line per event. Call sites pass only what is safe to log;
 * `redact` strips the fields that must never reach a log (PINs, passwords, tokens, photos).
 */
export type LogLevel = 'silent' | 'error' | 'info' | 'debug';

export interface Logger {
  error(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { silent: 0, error: 1, info: 2, debug: 3 };
const SECRET_KEYS = /pin|password|secret|token|authorization|image|photo|apikey|api_key/i;

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, SECRET_KEYS.test(key) ? '[redacted]' : value]),
  );
}

export function createLogger(level: LogLevel, write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Logger {
  const emit = (at: LogLevel, message: string, fields: Record<string, unknown> = {}) => {
    if (RANK[at] > RANK[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, message, ...redact(fields) }));
  };
  return {
    error: (message, fields) => emit('error', message, fields),
    info: (message, fields) => emit('info', message, fields),
    debug: (message, fields) => emit('debug', message, fields),
  };
}
