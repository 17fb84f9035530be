/**
 * Punches on the kiosk, through the contract's registry (src/contract/punchKinds.ts): a queued
 * punch's body is checked against its kind's route schema when it is queued (a malformed body is
 * refused there, not discovered at sync time as "needs attention"), and sent through the same
 * route, parsed again on the way out (stored data is external data). Nothing here is per kind.
 */
import { punchBodySchema } from '../contract/punchKinds';
import type { ApiClient, KioskRef, KioskEmployeeModel, MutationOptions } from '../client';
import type { PunchKind } from '../domain/attendance';

/** Why a queued body would not be accepted by its kind's route, or null when it is fine. */
export function punchBodyProblem(kind: PunchKind, body: unknown): string | null {
  const parsed = punchBodySchema(kind).safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'not valid'}`;
}

/** Sends a queued punch (a body that no longer parses throws the ZodError the transport classifies). */
export function sendPunch(client: ApiClient, kind: PunchKind, kiosk: KioskRef, body: unknown, options: MutationOptions): Promise<KioskEmployeeModel> {
  return client.punches.send(kind, kiosk, punchBodySchema(kind).parse(body), options);
}
