/**
 * The JSON wire forms of the contract's primitive types (section 1.4 of the contract reference).
 *
 * Output schemas describe what the service emits; input schemas are what it accepts, which is
 * deliberately more lenient where the SDK is (date-times with or without a zone, enum indices on
 * the employment-type arrays).
 */
import { z } from 'zod';

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;
const INT32_RANGE = `must be a whole number from ${INT32_MIN} to ${INT32_MAX}`;

export const int32 = z
  .number({ error: 'must be a number' })
  .int(INT32_RANGE)
  .min(INT32_MIN, INT32_RANGE)
  .max(INT32_MAX, INT32_RANGE);
export const int64 = z.number().int();

/** Text without U+0000 (the pattern's source is what the OpenAPI document shows). */
// eslint-disable-next-line no-control-regex -- matching the control character is the point
export const NO_NUL_PATTERN = /^[^\u0000]*$/;
export const decimal = z.number();
export const bool = z.boolean();
export const string = z.string();
export const any = z.unknown();

/**
 * Accepted text of at most `max` characters (every limit is in inputLimits.ts), without NUL
 * characters, which PostgreSQL cannot store in text or jsonb.
 */
export const text = (max: number) =>
  z
    .string({ error: 'must be a string' })
    .max(max, `must be at most ${max} characters long`)
    .regex(NO_NUL_PATTERN, 'must not contain the NUL character');

/** An accepted number within a plausible range (see NUMBER_RANGES in textLimits.ts). */
export const decimalIn = (min: number, max: number) =>
  z.number({ error: 'must be a number' }).min(min, `must be from ${min} to ${max}`).max(max, `must be from ${min} to ${max}`);

/** An accepted array of at most `max` items (see MAX_ARRAY_ITEMS in textLimits.ts). */
export const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: 'must be an array' }).max(max, `must have at most ${max} items`);

/** ISO-8601 date-time as emitted: UTC instants end in `Z`; `*Local` fields carry no zone. */
export const dateTime = z.string().meta({ format: 'date-time' });

/**
 * ISO-8601 date-time as accepted: `2026-01-02T03:04:05`, with optional fraction and optional
 * `Z`/`+hh:mm` zone. A value without a zone is read as UTC for `*Utc` fields, as local otherwise.
 * No regex flags: the OpenAPI document carries the pattern's source, which cannot hold them.
 */
export const ISO_DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/**
 * The years an accepted date-time may fall in. Nothing this service records (shifts, punches,
 * birth and employment dates, search windows) plausibly lies outside them; a value that does is a
 * typo or a .NET default such as 0001-01-01, and PostgreSQL and JavaScript disagree on how to read
 * years before 1000 back. Rules relative to now (no punch in the future) live in the domain.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2100;

export const dateTimeInput = z
  .string({ error: 'must be an ISO-8601 date-time string' })
  .regex(ISO_DATE_TIME_PATTERN, 'must be an ISO-8601 date-time such as 2026-01-31T09:00:00Z')
  .superRefine((value, ctx) => {
    // The pattern's own message covers text that is not a date-time at all.
    if (!ISO_DATE_TIME_PATTERN.test(value)) return;
    const problem = dateTimeProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({ format: 'date-time', description: `A date-time in the years ${MIN_YEAR} to ${MAX_YEAR}.` });

/** Why a text matching ISO_DATE_TIME_PATTERN is not an acceptable date-time, or null. */
export function dateTimeProblem(value: string): string | null {
  if (!isRealDateTime(value)) return 'is not a real date-time';
  const year = Number(ISO_DATE_TIME_PATTERN.exec(value)?.[1]);
  if (year < MIN_YEAR || year > MAX_YEAR) return `must be in the years ${MIN_YEAR} to ${MAX_YEAR}`;
  return null;
}

/**
 * True when every component is in range: Date.parse would quietly roll 2024-02-30 into March and
 * accept 24:30, so the calendar is checked here.
 */
export function isRealDateTime(value: string): boolean {
  const match = ISO_DATE_TIME_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
  const inRange =
    (month ?? 0) >= 1 && (month ?? 0) <= 12 && (day ?? 0) >= 1 && (day ?? 0) <= daysInMonth &&
    (hour ?? 0) <= 23 && (minute ?? 0) <= 59 && (second ?? 0) <= 59;
  return inRange && !Number.isNaN(Date.parse(normaliseForParse(value)));
}

function normaliseForParse(value: string): string {
  const withT = value.replace(' ', 'T');
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(withT);
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(withT);
  if (dateOnly) return `${withT}T00:00:00Z`;
  // Trim a 7-digit .NET fraction to milliseconds so Date.parse accepts it.
  const trimmed = withT.replace(/\.(\d{3})\d+/, '.$1');
  return hasZone ? trimmed : `${trimmed}Z`;
}

/** .NET TimeSpan text `[-][d.]hh:mm:ss[.fffffff]`, e.g. `10:00:00` or `-05:00:00`. */
export const TIME_SPAN_PATTERN = /^-?(?:\d{1,8}\.)?\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,7})?)?$/;
export const timeSpan = z.string().meta({ example: '10:00:00' });
export const timeSpanInput = z
  .string()
  // The longest .NET TimeSpan text: -10675199.02:48:05.4775808.
  .max(26, 'must be at most 26 characters long')
  .regex(TIME_SPAN_PATTERN, 'must be a time span such as 10:00:00 or -05:00:00')
  .meta({ example: '10:00:00' });

/** Bytes as base64 text. */
export const byteArray = z.string().meta({ format: 'byte' });
export const byteArrayInput = z
  .string()
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64 text')
  .refine((value) => value.length % 4 === 0, 'must be base64 text')
  .meta({ format: 'byte' });

export const uri = z.string().meta({ format: 'uri' });
export const uriInput = z.url().meta({ format: 'uri' });
/** An accepted absolute URL of at most `max` characters. */
export const uriIn = (max: number) => z.url().max(max, `must be at most ${max} characters long`).meta({ format: 'uri' });

/** A .NET flags enum: one or more member names separated by commas (`A, B`). */
export function flagsEnum<const T extends readonly string[]>(members: T, name: string) {
  const known = new Set<string>(members);
  // Each member once, with a space after each comma: anything longer repeats a member.
  const longest = members.join(', ').length;
  return z
    .string()
    .max(longest, `must be at most ${longest} characters long`)
    .refine(
      (value) => value.split(',').every((part) => known.has(part.trim())),
      `must be one or more ${name} names separated by commas`,
    )
    .meta({ description: `Comma-separated ${name} member names (a flags set).` });
}

/**
 * The input form of a contract enum, as the vendor's .NET binder reads it: Newtonsoft's
 * StringEnumConverter for JSON bodies and ASP.NET's EnumConverter (Enum.Parse with ignoreCase)
 * for query strings both take a member name in any case, and the member's numeric value, as a
 * JSON number or as digits in text. The contract gives no explicit values (models.json lists the
 * members in SDK order), so a member's number is its 0-based position, as .NET numbers an enum
 * without explicit values. Whatever form arrives, the canonical name comes out (and is what the
 * service stores and answers with). Unlike .NET, a number that names no member is refused.
 */
export function enumInput<const T extends readonly string[]>(members: T, name: string) {
  const byLowerCase = new Map<string, T[number]>(members.map((member) => [member.toLowerCase(), member]));
  const last = members.length - 1;
  const allowed = enumInputMessage(members);
  // Every letter as [Aa]: JSON Schema patterns have no case-insensitive flag.
  const names = members.map((member) => member.replace(/[A-Za-z]/g, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`));
  const numbers = members.map((_, index) => String(index));
  const pattern = new RegExp(`^(?:${[...names, ...numbers].join('|')})$`);
  const longest = Math.max(...[...members, ...numbers].map((text) => text.length));
  return z
    .union([z.string(allowed).max(longest, allowed).regex(pattern, allowed), z.number(allowed).int(allowed).min(0, allowed).max(last, allowed)], { error: allowed })
    .transform((value, ctx): T[number] => {
      const found: T[number] | undefined = typeof value === 'number' ? members[value] : /^\d+$/.test(value) ? members[Number(value)] : byLowerCase.get(value.toLowerCase());
      if (found !== undefined) return found;
      ctx.addIssue({ code: 'custom', message: allowed });
      return z.NEVER;
    })
    .meta({
      id: `${name}Input`,
      description: `A ${name} member: its name in any case, or its number (0-based position: ${members.map((m, i) => `${i} ${m}`).join(', ')}), as a number or as digits. Answers carry the name.`,
      'x-enum-members': [...members],
    });
}

/** What a 400 says about an enum input: the members and their numbers. */
export function enumInputMessage(members: readonly string[]): string {
  return `must be one of ${members.join(', ')} (in any case) or its number 0 to ${members.length - 1}`;
}

/**
 * A nullable named schema (model or enum): a union with null, so the shared component itself stays
 * non-nullable in the OpenAPI document. A plain union answers a bad value with "Invalid input";
 * this one passes on the value's own first problem (with its place inside the value), so a 400
 * still names the field and, for an enum, its members.
 */
export function orNull<S extends z.ZodType>(schema: S) {
  return z.union([schema, z.null()], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const inner = issue.errors[0]?.[0];
      if (!inner) return undefined;
      return inner.path.length > 0 ? `${inner.path.map(String).join('.')}: ${inner.message}` : inner.message;
    },
  });
}

/**
 * The input form of a .NET flags enum: member names separated by commas, each in any case, as
 * Enum.Parse with ignoreCase reads them; the canonical names come out (`A, B`). Numbers are not
 * taken: the contract gives no bit values for the members.
 */
export function flagsEnumInput<const T extends readonly string[]>(members: T, name: string) {
  const byLowerCase = new Map<string, string>(members.map((member) => [member.toLowerCase(), member]));
  const longest = members.join(', ').length;
  const canonical = (part: string) => byLowerCase.get(part.trim().toLowerCase());
  // A refinement and an overwrite, not a transform: its problem then keeps its own place in a
  // nullable model (a transform's would end the union with null; see orNull).
  return z
    .string()
    .max(longest, `must be at most ${longest} characters long`)
    .refine((value) => value.split(',').every((part) => canonical(part) !== undefined), `must be one or more ${name} names separated by commas (in any case)`)
    .overwrite((value) => value.split(',').map((part) => canonical(part) ?? part).join(', '))
    .meta({ description: `Comma-separated ${name} member names (a flags set), each in any case.` });
}
