/**
 * Kiosk punches: one handler per entry of the punch registry (clock on, breaks, clock off,
 * discard), and a complete shift (addshift).
 */
import { PUNCH_ROUTES, type PunchRequest } from '../../../contract/punchKinds';
import * as routes from '../../../contract/routes/kiosk';
import { PUNCH_KINDS } from '../../../domain/attendance';
import type { App } from '../../context';
import { recordCompleteShift } from '../../services/shifts/completeShifts';
import { punchReadWithCaller, recordPunch } from '../../services/punches/punches';
import { withCallerRead } from '../../auth/callerReads';
import { kioskScope } from './kioskContext';
import { JOURNAL_ENTRY_HEADER } from '../../services/journal/journalWrites';
import { jsonAnswer } from '../../http/answerText';

export function registerPunchRoutes(app: App) {
  for (const kind of PUNCH_KINDS) {
    app.openapi(
      PUNCH_ROUTES[kind],
      withCallerRead(
        async (c) => {
          const { businessId, kioskId } = c.req.valid('param');
          const { punch } = await kioskScope(c, businessId, kioskId);
          // The route of `kind` validated the body with that kind's schema.
          const request = { kind, body: c.req.valid('json') } as PunchRequest;
          // The punch is the request's last write: it goes with the idempotency record
          // (db/finalWrite.ts), and the guard read its employee with the caller.
          let entry: string | null = null;
          const model = await recordPunch(c.get('db'), punch, request, {
            sink: c.get('finalWrite') ?? null,
            prefetched: c.get('callerRead'),
            onJournalEntry: (written) => (entry = written),
          });
          const res = jsonAnswer(c, model);
          if (entry !== null) res.headers.set(JOURNAL_ENTRY_HEADER, entry);
          return res;
        },
        {
          // The guard hands over the path and body as this route validated them.
          read: ({ param, json, now }) => punchReadWithCaller({ kind, body: json } as PunchRequest, (param as { businessId: number }).businessId, now),
          singleWrite: true,
        },
      ),
    );
  }

  app.openapi(routes.addCompleteShiftForEmployee, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const { punch } = await kioskScope(c, businessId, kioskId);
    return c.json(await recordCompleteShift(c.get('db'), punch, c.req.valid('json')), 200);
  });
}
