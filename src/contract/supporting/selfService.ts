/**
 * Supporting models of the self-service invitation route (a project extension: the vendor's
 * employees get portal credentials through its own web app, which the API does not model).
 * Plain zod: shared with the client.
 */
import { z } from 'zod';

/** Project extension: whom to invite to self-service (POST B/employee/{employeeId}/selfservice/invitation). */
export const InviteToSelfServiceModel = z
  .object({
    emailAddress: z
      .string()
      .max(254, 'must be at most 254 characters long')
      .nullable()
      .optional()
      .meta({ description: "The address to send the invitation to; the employee's own e-mail address when left out.", example: 'sam@example.com' }),
  })
  .strict()
  .meta({ id: 'InviteToSelfServiceModel' });
export type InviteToSelfServiceModel = z.infer<typeof InviteToSelfServiceModel>;

/** Project extension: the invitation just sent. */
export const SelfServiceInvitationModel = z
  .object({
    employeeId: z.number().int(),
    emailAddress: z.string().meta({ description: 'Where the invitation token was e-mailed (normalised).' }),
    expiresUtc: z.string().meta({ description: 'Until when the token can be used (7 days).' }),
  })
  .meta({ id: 'SelfServiceInvitationModel' });
export type SelfServiceInvitationModel = z.infer<typeof SelfServiceInvitationModel>;
