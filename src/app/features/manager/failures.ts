/**
 * What went wrong with a manager's request, in terms the screens can show: a network failure, an
 * ended session, or the service's problem (its stable code, its own text, its per-field messages).
 * A code is told in the app's words for it (i18n/problemWords.ts), or in the service's own words
 * where those name the case better or the code is unknown. Forms use `formErrors` to put field
 * messages next to their fields.
 */
import { ApiClientError } from '../../../client';
import type { MessageKey } from '../../i18n/catalogue';
import { problemWords, serviceSaysMore } from '../../i18n/problemWords';
import type { MessageValues, Translate } from '../../i18n/translate';

/** Text to show: a catalogue message, or the service's own words. */
export type Said = { key: MessageKey; values?: MessageValues } | { text: string };

export type Failure =
  | { kind: 'network' }
  | { kind: 'session-lost' }
  | {
      kind: 'http';
      status: number;
      code: string;
      /** The problem's detail (else its title); null when the body was not a problem. */
      text: string | null;
      fields: ReadonlyArray<{ field: string; message: string }>;
      retryAfterSeconds: number | null;
    }
  | { kind: 'unexpected'; message: string };

/** Thrown by the manager API when the session ended and could not be renewed. */
export class SessionLostError extends Error {
  override readonly name = 'SessionLostError';
  constructor() {
    super('The manager session has ended.');
  }
}

export function toFailure(error: unknown): Failure {
  if (error instanceof SessionLostError) return { kind: 'session-lost' };
  if (error instanceof ApiClientError) {
    if (error.kind === 'network') return { kind: 'network' };
    if (error.kind === 'http') {
      return {
        kind: 'http',
        status: error.status,
        code: error.code,
        text: error.problem ? (error.problem.detail ?? error.problem.title) : null,
        fields: error.fieldErrors,
        retryAfterSeconds: error.retryAfterSeconds,
      };
    }
    return { kind: 'unexpected', message: error.message };
  }
  return { kind: 'unexpected', message: error instanceof Error ? error.message : String(error) };
}

/** The one-line message for a failure (not tied to a field). */
export function failureSaid(failure: Failure): Said {
  switch (failure.kind) {
    case 'network':
      return { key: 'common.networkError' };
    case 'session-lost':
      return { key: 'manager.signIn.sessionEnded' };
    case 'unexpected':
      return { key: 'common.unexpectedError', values: { message: failure.message } };
    case 'http': {
      const words = problemWords(failure.code, 'manager');
      if (words && !(failure.text && serviceSaysMore(failure.code))) return words;
      if (failure.text) return { text: failure.text };
      return { key: 'common.unexpectedError', values: { message: `HTTP ${failure.status}` } };
    }
  }
}

export interface FormErrors<F extends string> {
  /** Messages for fields of the form. */
  fields: Partial<Record<F, Said>>;
  /** The message above the form: the failure itself, or "check the fields" when all were placed. */
  general: Said | null;
}

/**
 * Splits a failure between a form's fields (via `fieldOf`, which names the form field for a
 * service field) and a general message. A field message uses our words for the code, else (an
 * unknown code, or one whose detail says more) the service's message for that field.
 */
export function formErrors<F extends string>(failure: Failure, fieldOf: (serviceField: string) => F | null): FormErrors<F> {
  const fields: Partial<Record<F, Said>> = {};
  if (failure.kind !== 'http') return { fields, general: failureSaid(failure) };
  const known = serviceSaysMore(failure.code) ? null : problemWords(failure.code, 'manager');
  let unplaced = false;
  for (const error of failure.fields) {
    const field = fieldOf(error.field);
    if (field === null) {
      unplaced = true;
      continue;
    }
    fields[field] ??= known ?? fieldSaid(error.message);
  }
  const placed = Object.keys(fields).length > 0;
  return { fields, general: placed && !unplaced ? { key: 'manager.error.checkFields' } : failureSaid(failure) };
}

/**
 * The service's words for one field, as a person reads them: its length limit in our own words
 * (translated), anything else as a sentence (capitalised, with a full stop).
 */
export function fieldSaid(message: string): Said {
  const tooLong = /^must be at most (\d+) characters? long$/.exec(message.trim());
  if (tooLong) return { key: 'staff.tooLong', values: { max: Number(tooLong[1]) } };
  const text = message.trim();
  if (!text) return { key: 'manager.error.checkFields' };
  return { text: `${text[0]?.toLocaleUpperCase() ?? ''}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}` };
}

/** A form's own check results (message keys per field) as Said values. */
export function saidOf<F extends string>(errors: Partial<Record<F, MessageKey>>): Partial<Record<F, Said>> {
  const result: Partial<Record<F, Said>> = {};
  for (const field of Object.keys(errors) as F[]) {
    const key = errors[field];
    if (key) result[field] = { key };
  }
  return result;
}

/** Renders a Said with the current language. */
export function say(t: Translate, said: Said): string {
  return 'text' in said ? said.text : t(said.key, said.values);
}

/** True for the service's "you may not" and "no such thing" answers. */
export function isDenied(failure: Failure): boolean {
  return failure.kind === 'http' && (failure.status === 403 || failure.status === 404);
}
