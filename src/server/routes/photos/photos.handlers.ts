/**
 * The photo policy, the retention job's record, one person's photos exported or erased, exemptions,
 * and acknowledgements of the photo notice (services/photos/).
 */
import { PAGE_LIMITS } from '../../../contract/paging';
import * as routes from '../../../contract/routes/photos';
import type { App } from '../../context';
import { planPage } from '../../lists/odata/planList';
import { eraseEmployeePhotos, exportEmployeePhotos } from '../../services/photos/employeePhotos';
import { photoExemptEmployeeIds, setPhotoExemption } from '../../services/photos/photoExemptions';
import { acknowledgePhotoNotice, listPhotoNoticeAcknowledgements } from '../../services/photos/photoNotice';
import { readPhotoPolicy, writePhotoPolicy } from '../../services/photos/photoPolicy';
import { listRetentionRuns } from '../../services/photos/photoRetention';
import { kioskScope } from '../kiosk/kioskContext';

export function registerPhotoHandlers(app: App) {
  app.openapi(routes.getPhotoPolicy, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await readPhotoPolicy(c.var.db, businessId), 200);
  });

  app.openapi(routes.updatePhotoPolicy, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await writePhotoPolicy(c.var.db, businessId, c.req.valid('json')), 200);
  });

  app.openapi(routes.listPhotoRetentionRuns, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await listRetentionRuns(c.var.db, businessId, planPage(c.req.valid('query'), PAGE_LIMITS.history)), 200);
  });

  app.openapi(routes.exportEmployeePhotos, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    return c.json(await exportEmployeePhotos(c.var.db, businessId, employeeId, planPage(c.req.valid('query'), PAGE_LIMITS.photos)), 200);
  });

  app.openapi(routes.eraseEmployeePhotos, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    return c.json({ photosDeleted: await eraseEmployeePhotos(c.var.db, businessId, employeeId) }, 200);
  });

  app.openapi(routes.listPhotoExemptions, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await photoExemptEmployeeIds(c.var.db, businessId), 200);
  });

  app.openapi(routes.setPhotoExemption, async (c) => {
    const { businessId, employeeId } = c.req.valid('param');
    return c.json(await setPhotoExemption(c.var.db, businessId, employeeId, c.req.valid('json').exempt), 200);
  });

  app.openapi(routes.acknowledgePhotoNotice, async (c) => {
    const { businessId, kioskId } = c.req.valid('param');
    const scope = await kioskScope(c, businessId, kioskId);
    return c.json(await acknowledgePhotoNotice(c.var.db, { businessId, kioskId: scope.kiosk.id, now: scope.pin.now }, c.req.valid('json')), 200);
  });

  app.openapi(routes.listPhotoNoticeAcknowledgements, async (c) => {
    const { businessId } = c.req.valid('param');
    return c.json(await listPhotoNoticeAcknowledgements(c.var.db, businessId, planPage(c.req.valid('query'), PAGE_LIMITS.history)), 200);
  });
}
