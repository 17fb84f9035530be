/** The punch journal route group (project extension): verification. */
import * as routes from '../../../contract/routes/punchJournal';
import type { App } from '../../context';
import { verifyJournal } from '../../services/journal/journalVerify';

export function registerPunchJournalRoutes(app: App) {
  app.openapi(routes.verifyPunchJournal, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await verifyJournal(c.var.db, businessId), 200);
  });
}
