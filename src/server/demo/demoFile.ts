/**
 * What the demo's seeding writes to `<DATA_DIR>/demo.json` (the business, its kiosks, the manager's
 * credentials and the staff's PINs), as a schema of its own: the service's processes, the API tests
 * and the browser tests read the file, and a module holding nothing but the schema lets them do so
 * without loading (or type-checking) the service that seeds it.
 */
import { z } from 'zod';

export const DemoFile = z.object({
  baseUrl: z.string(),
  businessId: z.number().int(),
  kioskId: z.number().int(),
  apiKey: z.string(),
  manager: z.object({ username: z.string(), password: z.string() }),
  staff: z.array(z.object({ employeeId: z.number().int(), firstName: z.string(), surname: z.string(), pin: z.string() })),
  /** The moment the roster is laid around (demoRoster.ts); absent in files written before it was kept. */
  seededAt: z.iso.datetime().optional(),
  /** The front counter's kiosk and its counter-only staff; absent when credentials were reissued. */
  counterKiosk: z
    .object({
      kioskId: z.number().int(),
      staff: z.array(z.object({ employeeId: z.number().int(), firstName: z.string(), surname: z.string(), pin: z.string() })),
    })
    .optional(),
});
export type DemoFile = z.infer<typeof DemoFile>;
