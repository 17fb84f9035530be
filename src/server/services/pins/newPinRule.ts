/**
 * The one check every new kiosk PIN passes in the service, whoever sets it (the person at a kiosk,
 * a manager, a kiosk adding someone): the domain's PIN policy, answered as a field error. A PIN of
 * the wrong form is `invalid-pin`; one anyone could guess (1111, 1234, the employee number) is
 * `pin-too-simple`, so a client can tell the two apart.
 */
import { isGuessablePinProblem, pinProblemCode, pinProblemText } from '../../../domain/pinPolicy';
import type { Database } from '../../db/openDatabase';
import { withTransaction } from '../../db/transactions';
import { invalidField } from '../../errors/apiError';

/** Throws a 400 naming `field` when `pin` may not become `employeeId`'s PIN (null: not known yet). */
export function refuseNewPin(pin: string, field: string, employeeId: number | null): void {
  const problem = pinProblemCode(pin, { employeeId });
  if (problem === null) return;
  throw invalidField(isGuessablePinProblem(problem) ? 'pin-too-simple' : 'invalid-pin', field, pinProblemText(problem));
}

/**
 * Creates someone with a first PIN: the PIN is judged before, then again against the employee
 * number the new row got, in one transaction, so a refused PIN leaves nobody created.
 */
export async function createWithFirstPin<Row extends { id: number }>(db: Database, pin: string, field: string, create: (tx: Database) => Promise<Row>): Promise<Row> {
  refuseNewPin(pin, field, null);
  return withTransaction(db, async (tx) => {
    const row = await create(tx);
    refuseNewPin(pin, field, row.id);
    return row;
  });
}
