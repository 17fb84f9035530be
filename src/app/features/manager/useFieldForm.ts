/**
 * The state every manager form that checks itself and then asks the service shares (add a missed
 * shift, roster shift, timesheet line edit): the draft, a message per field, the general message
 * above the form. Exists so that "a change clears its fields' messages", "our own check failed"
 * and "the service refused, put its field errors on our fields" are said once, not per form.
 */
import { useState } from 'react';
import type { MessageKey } from '../../i18n/catalogue';
import { formErrors, saidOf, toFailure, type Said } from './failures';
import { useSay } from './ManagerContext';

export function useFieldForm<Form, F extends string>(initial: Form | (() => Form)) {
  const sayIt = useSay();
  const [form, setForm] = useState<Form>(initial);
  const [errors, setErrors] = useState<Partial<Record<F, Said>>>({});
  const [general, setGeneral] = useState<Said | null>(null);

  /** Applies a change and forgets the messages of the fields it touched. */
  const update = (patch: Partial<Form>, cleared: F[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(cleared.map((field) => [field, undefined])) }));
  };
  /** A field's message in the current language, or null. */
  const error = (field: F): string | null => {
    const said = errors[field];
    return said ? sayIt(said) : null;
  };
  /** Our own check found problems: each on its field, "check the fields" above. */
  const checkFailed = (found: Partial<Record<F, MessageKey>>) => {
    setErrors(saidOf(found));
    setGeneral({ key: 'manager.error.checkFields' });
  };
  /** The service refused: its field errors on our fields (via `fieldOf`), the rest above. */
  const refused = (caught: unknown, fieldOf: (serviceField: string) => F | null) => {
    const split = formErrors(toFailure(caught), fieldOf);
    setErrors(split.fields);
    setGeneral(split.general);
  };

  return { form, setForm, errors, setErrors, general, setGeneral, update, error, checkFailed, refused, sayIt };
}
