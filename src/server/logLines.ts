/**
 * Log events as short lines a person reads on a terminal (LOG_FORMAT=pretty, or `auto` when
 * standard output is a terminal), instead of one JSON object per line: a request is
 * `15:39:24  GET /api/v2/business  401  3 ms  anonymous`, anything else its message and fields.
 * It formats the line pino has already written, so the logger's redaction has happened before
 * (logger.ts); nothing here can reveal a field the JSON line would not. Written here rather than
 * with pino-pretty to keep one event on one line and the service free of another dependency and
 * its worker thread.
 */

export interface LineStyle {
  /** ANSI colours (a terminal that shows them, and NO_COLOR unset). */
  color: boolean;
}

const RESET = '\u001b[0m';
const paint = (code: string) => (text: string, style: LineStyle) => (style.color ? `\u001b[${code}m${text}${RESET}` : text);
const dim = paint('2');
const red = paint('31');
const yellow = paint('33');
const green = paint('32');

/** The fields every event has, which the line shows in its own way. */
const OWN = new Set(['time', 'level', 'message']);
const REQUEST = new Set(['method', 'path', 'status', 'ms', 'caller']);

function clock(time: unknown): string {
  const at = typeof time === 'string' ? new Date(time) : new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return Number.isNaN(at.getTime()) ? String(time) : `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** A field's value as text (JSON for anything but a string). */
const text = (value: unknown): string => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));

/** `key=value`, a value quoted only when it needs it; text over several lines follows, indented. */
function describeFields(fields: Array<[string, unknown]>): { inline: string; below: string[] } {
  const inline: string[] = [];
  const below: string[] = [];
  for (const [key, value] of fields) {
    if (typeof value === 'string' && value.includes('\n')) {
      below.push(`${key}:`, ...value.split('\n').map((line) => `    ${line}`));
    } else if (typeof value === 'string') {
      inline.push(`${key}=${/^[^\s"=]+$/.test(value) ? value : JSON.stringify(value)}`);
    } else {
      inline.push(`${key}=${JSON.stringify(value)}`);
    }
  }
  return { inline: inline.join(' '), below };
}

function statusText(status: unknown, style: LineStyle): string {
  const shown = text(status);
  if (typeof status !== 'number') return shown;
  if (status >= 500) return red(shown, style);
  if (status >= 400) return yellow(shown, style);
  return green(shown, style);
}

/**
 * One JSON log line (as logger.ts writes it) as a line for a person. A line that is not a JSON
 * object is passed through unchanged.
 */
export function humanLogLine(json: string, style: LineStyle): string {
  let event: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return json;
    event = parsed as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = dim(clock(event.time), style);
  const level = event.level === 'error' ? `${red('ERROR', style)} ` : event.level === 'debug' ? `${dim('debug', style)} ` : '';
  const entries = Object.entries(event).filter(([key]) => !OWN.has(key));
  if (event.message === 'request' && typeof event.method === 'string' && typeof event.path === 'string') {
    const rest = describeFields(entries.filter(([key]) => !REQUEST.has(key)));
    const parts = [`${event.method} ${event.path}`, statusText(event.status, style), `${text(event.ms)} ms`, dim(text(event.caller), style), rest.inline];
    return [`${time}  ${level}${parts.filter(Boolean).join('  ')}`, ...rest.below].join('\n');
  }
  const fields = describeFields(entries);
  const head = `${time}  ${level}${text(event.message)}${fields.inline ? `  ${dim(fields.inline, style)}` : ''}`;
  return [head, ...fields.below].join('\n');
}
