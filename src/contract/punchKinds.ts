/**
 * The punch kinds' registry: each kind of the domain's PUNCH_KINDS to its contract route, which
 * carries its path, body schema and answer. The service registers one handler per entry, the
 * client's `punches` calls and the kiosk's outbox checks and sends through it; the domain's state
 * machine (src/domain/attendance.ts) says when each kind applies and which refusals mean "already
 * done". A new kind is a PUNCH_KINDS entry, its transition, its route and one line here.
 */
import type { z } from 'zod';
import type { PunchKind } from '../domain/attendance';
import type { BodyOf } from './routes/define';
import { clockInEmployee, clockOutEmployee, discardCurrentShift, endBreak, startBreak } from './routes/kiosk';

export const PUNCH_ROUTES = {
  clockOn: clockInEmployee,
  startBreak,
  endBreak,
  clockOff: clockOutEmployee,
  discard: discardCurrentShift,
} as const satisfies Record<PunchKind, unknown>;

export type PunchRoutes = typeof PUNCH_ROUTES;

/** The body a punch of this kind sends (what its route's schema accepts). */
export type PunchBody<K extends PunchKind = PunchKind> = BodyOf<PunchRoutes[K]>;

/** The route's JSON body schema of a punch kind. */
export function punchBodySchema<K extends PunchKind>(kind: K): PunchRoutes[K]['request']['body']['content']['application/json']['schema'] {
  return PUNCH_ROUTES[kind].request.body.content['application/json'].schema;
}

/** A punch as the service receives it, its body parsed by its kind's route. */
export type PunchRequest = {
  [K in PunchKind]: { kind: K; body: z.output<ReturnType<typeof punchBodySchema<K>>> };
}[PunchKind];
