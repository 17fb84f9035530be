/**
 * Supporting model of the manager's set-PIN route (a project extension: the vendor has no way for a
 * manager to choose a person's PIN). Plain zod: shared with the client.
 */
import { z } from 'zod';

/** Project extension: a PIN a manager sets for a person (POST .../staff/{employeeId}/pin). */
export const SetStaffPinModel = z
  .object({
    pin: z
      .string({ error: 'pin is required' })
      .max(64, 'must be at most 64 characters long')
      .meta({ description: 'The new PIN: digits only, within the PIN policy (4 to 8 digits).', example: '4821' }),
    mustChange: z
      .boolean({ error: 'must be true or false' })
      .optional()
      .meta({ description: 'When true, the PIN is marked expired: the person must choose a new PIN at next use. Default false.' }),
  })
  .strict()
  .meta({ id: 'SetStaffPinModel' });
export type SetStaffPinModel = z.infer<typeof SetStaffPinModel>;
