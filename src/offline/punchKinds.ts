/**
 * Each punch kind once, for the kiosk: the contract's input model its body must match and the
 * typed client call that sends it. The outbox checks a punch's body against it when the punch is
 * queued (a malformed body is refused there, not discovered at sync time as "needs attention"),
 * and the transport sends through it. A new punch kind is an entry in the domain's PUNCH_KINDS,
 * its contract route and service, and one entry here; the type checker asks for it.
 */
import type { z } from 'zod';
import * as m from '../contract/generated/models';
import type { ApiClient, KioskRef, MutationOptions } from '../client';
import type { PunchKind } from '../domain/attendance';

export interface PunchKindEntry {
  /** Why a queued body would not be accepted by the contract, or null when it is fine. */
  problem(body: unknown): string | null;
  /** Sends a queued body (parsed again on the way out: stored data is external data). */
  send(client: ApiClient, kiosk: KioskRef, body: unknown, options: MutationOptions): Promise<m.KioskEmployeeModel>;
}

function punchKind<S extends z.ZodType>(
  schema: S,
  send: (client: ApiClient, kiosk: KioskRef, body: z.output<S>, options: MutationOptions) => Promise<m.KioskEmployeeModel>,
): PunchKindEntry {
  return {
    problem(body) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return null;
      const issue = parsed.error.issues[0];
      return `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'not valid'}`;
    },
    send: (client, kiosk, body, options) => send(client, kiosk, schema.parse(body), options),
  };
}

export const PUNCH_KIND_ENTRIES: Readonly<Record<PunchKind, PunchKindEntry>> = {
  clockOn: punchKind(m.ClockOnModelInput, (client, kiosk, body, options) => client.punches.clockOn(kiosk, body, options)),
  startBreak: punchKind(m.StartBreakModelInput, (client, kiosk, body, options) => client.punches.startBreak(kiosk, body, options)),
  endBreak: punchKind(m.EndBreakModelInput, (client, kiosk, body, options) => client.punches.endBreak(kiosk, body, options)),
  clockOff: punchKind(m.ClockOffModelInput, (client, kiosk, body, options) => client.punches.clockOff(kiosk, body, options)),
  discard: punchKind(m.ClockOffModelInput, (client, kiosk, body, options) => client.punches.discard(kiosk, body, options)),
};
