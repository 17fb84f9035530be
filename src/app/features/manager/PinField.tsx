/**
 * A field for a new PIN as managers type one (adding a person, setting a PIN): hidden as typed,
 * a number pad on tablets, never filled in by the browser, no longer than the PIN policy allows.
 */
import { PIN_MAX_LENGTH } from '../../../domain/pinPolicy';
import { Field, type FieldProps } from '../../ui/Field';

export function PinField(props: Omit<FieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return <Field type="password" inputMode="numeric" autoComplete="new-password" maxLength={PIN_MAX_LENGTH} {...props} />;
}
