/**
 * The app's one way to turn a problem code into words, shared by the kiosk, manager mode and set-up.
 * A code is read by whoever can meet it: the person at the kiosk, told about themselves ("You are
 * already clocked on."), and a manager, told about someone else or their own account ("This person
 * is already clocked on."). Every code the service can answer (ERROR_CODES) has words for a
 * manager; every code the kiosk can refuse a punch or note with has words for the person; the type
 * checker asks for both when a code is added, and problemWords.unit.test.ts checks each language.
 *
 * Some answers say more than their code (which field, which reference, what conflicts): for those
 * a screen that has the service's detail shows it, and these words only when there is none.
 * Registering the catalogue here means the words load with the map, on whichever screen uses it.
 */
import type { ErrorCode } from '../../contract/problem';
import type { EnqueueErrorCode } from '../../offline/refusals';
import { registerMessages, type MessageKey } from './catalogue';
import { problems } from './messages/problems';
import type { MessageValues } from './translate';

registerMessages(problems);

/** Who reads the words: the person at the kiosk, or a manager (manager mode, set-up). */
export type Reader = 'person' | 'manager';

/** Words for one reader: a message, or one for "try again later" and one for "try again at {time}". */
export type Words = MessageKey | { readonly later: MessageKey; readonly at: MessageKey };

export type ProblemCode = ErrorCode | EnqueueErrorCode;

/** The codes each reader can meet. */
export type CodeFor<R extends Reader> = R extends 'person' ? EnqueueErrorCode : ErrorCode;

type Entry<C extends ProblemCode> = (C extends ErrorCode ? { readonly manager: Words } : unknown) &
  (C extends EnqueueErrorCode ? { readonly person: Words } : unknown) & {
    /** The service's detail names the case better than the code: shown first where a screen has it. */
    readonly serviceSaysMore?: true;
  };

/** For requests only a fault of the app or a stale page produces: the reader can only reload. */
const REQUEST = 'manager.error.request';

export const PROBLEM_WORDS: { readonly [C in ProblemCode]: Entry<C> } = {
  'validation-failed': { manager: 'manager.error.validation-failed', serviceSaysMore: true },
  'malformed-json': { manager: REQUEST },
  'json-too-deep': { manager: REQUEST },
  'payload-too-large': { manager: 'manager.error.payload-too-large', serviceSaysMore: true },
  'headers-too-large': { manager: 'manager.error.headers-too-large' },
  'not-found': { manager: 'manager.error.not-found', serviceSaysMore: true },
  'method-not-allowed': { manager: REQUEST },
  'unsupported-media-type': { manager: REQUEST },
  unauthenticated: { manager: 'manager.signIn.sessionEnded' },
  forbidden: { manager: 'manager.error.forbidden' },
  'business-creation-forbidden': { manager: 'manager.error.business-creation-forbidden' },
  'invalid-grant': { manager: 'manager.error.invalid-grant' },
  'unsupported-grant-type': { manager: REQUEST },
  'login-locked': { manager: { later: 'manager.error.login-locked', at: 'manager.error.login-locked.at' } },
  'wrong-pin': { manager: 'manager.error.wrong-pin' },
  'pin-locked': { manager: 'manager.error.pin-locked' },
  'pin-not-set': { manager: 'manager.error.pin-not-set' },
  'invalid-manager-pin': { manager: 'manager.error.invalid-manager-pin' },
  'wrong-manager-pin': { manager: 'manager.error.wrong-manager-pin' },
  'invalid-badge': { manager: 'manager.error.invalid-badge' },
  'unknown-badge': { manager: 'manager.error.unknown-badge' },
  'badge-revoked': { manager: 'manager.error.badge-revoked' },
  'badges-off': { manager: 'manager.error.badges-off' },
  'badge-locked': { manager: 'manager.error.badge-locked' },
  'pin-required': { manager: 'manager.error.pin-required' },
  'manager-pin-locked': { manager: { later: 'manager.error.manager-pin-locked', at: 'manager.error.manager-pin-locked.at' } },
  'manager-pin-not-set': { manager: 'manager.error.manager-pin-not-set' },
  'manager-pin-needs-password': { manager: 'manager.error.manager-pin-needs-password' },
  'reset-too-soon': { manager: 'manager.error.reset-too-soon' },
  'reset-code-used': { manager: 'manager.error.reset-code-used' },
  'reset-code-expired': { manager: 'manager.error.reset-code-expired' },
  'implausible-pin-failures': { manager: REQUEST },
  'rate-limited': { manager: { later: 'manager.error.rate-limited', at: 'manager.error.rate-limited.at' }, serviceSaysMore: true },
  'invalid-pin': { manager: 'manager.staff.pinInvalid' },
  'pin-too-simple': { manager: 'manager.error.pin-too-simple' },
  'not-kiosk-enabled': { manager: 'manager.error.not-kiosk-enabled' },
  'sms-disabled': { manager: 'manager.error.sms-disabled' },
  'no-contact': { manager: 'manager.error.no-contact' },
  'already-clocked-on': { person: 'kiosk.error.already-clocked-on', manager: 'manager.error.already-clocked-on' },
  'not-clocked-on': { person: 'kiosk.error.not-clocked-on', manager: 'manager.error.not-clocked-on' },
  'already-on-break': { person: 'kiosk.error.already-on-break', manager: 'manager.error.already-on-break' },
  'not-on-break': { person: 'kiosk.error.not-on-break', manager: 'manager.error.not-on-break' },
  'punch-before-previous': { person: 'kiosk.error.punch-before-previous', manager: 'manager.error.punch-before-previous' },
  'punch-in-future': { person: 'kiosk.error.punch-in-future', manager: 'manager.error.punch-in-future' },
  'photo-required': { manager: 'manager.error.photo-required' },
  'invalid-photo': { manager: 'manager.error.invalid-photo', serviceSaysMore: true },
  'location-required': { manager: 'manager.error.location-required' },
  'work-type-required': { manager: 'manager.error.work-type-required' },
  'invalid-reference': { manager: 'manager.error.invalid-reference', serviceSaysMore: true },
  'shift-ends-before-start': { manager: 'manager.error.shift-ends-before-start' },
  'break-ends-before-start': { manager: 'manager.error.break-ends-before-start' },
  'break-outside-shift': { manager: 'manager.error.break-outside-shift' },
  'breaks-overlap': { manager: 'manager.error.breaks-overlap' },
  'shift-overlaps-existing': { manager: 'manager.error.shift-overlaps-existing' },
  'kiosk-cannot-add-employees': { manager: 'manager.staff.cannotAdd' },
  'claim-decided': { manager: 'manager.error.claim-decided', serviceSaysMore: true },
  conflict: { manager: 'manager.error.conflict', serviceSaysMore: true },
  'idempotency-key-invalid': { manager: REQUEST },
  'idempotency-key-reused': { manager: REQUEST },
  'unsupported-query': { manager: 'manager.error.unsupported-query', serviceSaysMore: true },
  'lists-busy': { manager: 'manager.error.lists-busy' },
  'internal-error': { manager: 'manager.error.internal-error' },
  'unknown-employee': { person: 'kiosk.error.unknown-employee' },
  'no-open-shift': { person: 'kiosk.error.no-open-shift' },
  'invalid-note': { person: 'kiosk.error.invalid-note' },
  'invalid-entry': { person: 'kiosk.error.invalid-entry' },
  'storage-failed': { person: 'kiosk.error.storage-failed' },
};

/** A message to show, with its values: the same shape as manager mode's `Said` for a catalogue message. */
export interface ProblemSaid {
  key: MessageKey;
  values?: MessageValues;
}

function wordsOf(code: string, reader: Reader): Words | null {
  if (!Object.hasOwn(PROBLEM_WORDS, code)) return null;
  const entry: { person?: Words; manager?: Words } = PROBLEM_WORDS[code as ProblemCode];
  return entry[reader] ?? null;
}

/**
 * The words for a problem code as this reader reads it; null for a code this app does not know
 * (a newer service's) or one this reader cannot meet. `time` (already formatted) is when to try
 * again, for an answer that says so.
 */
export function problemWords<R extends Reader>(code: CodeFor<R>, reader: R, time?: string): ProblemSaid;
export function problemWords(code: string, reader: Reader, time?: string): ProblemSaid | null;
export function problemWords(code: string, reader: Reader, time?: string): ProblemSaid | null {
  const words = wordsOf(code, reader);
  if (words === null) return null;
  if (typeof words === 'string') return { key: words };
  return time === undefined ? { key: words.later } : { key: words.at, values: { time } };
}

/** The message for a code this reader is known to meet (its "later" form, where it has two). */
export function problemKey<R extends Reader>(code: CodeFor<R>, reader: R): MessageKey {
  return problemWords(code, reader).key;
}

/** True when the service's detail for this code names the case better than our words do. */
export function serviceSaysMore(code: string): boolean {
  return Object.hasOwn(PROBLEM_WORDS, code) && PROBLEM_WORDS[code as ProblemCode].serviceSaysMore === true;
}
