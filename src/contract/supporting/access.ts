/** Supporting models of the access routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

export const ActivateAccountModel = z
  .object({
    token: t.text(maxTextLength('token')).min(1, 'The invitation token is required.'),
    password: t.text(maxTextLength('password')).min(8, 'A password needs at least 8 characters.'),
  })
  .meta({ id: 'ActivateAccountModel', description: 'The invitation token from the e-mail and the chosen password.' });
export type ActivateAccountModel = z.infer<typeof ActivateAccountModel>;

export const AcceptInvitationModel = z
  .object({ token: t.text(maxTextLength('token')).min(1, 'The invitation token is required.') })
  .meta({ id: 'AcceptInvitationModel', description: 'The invitation token from the e-mail.' });
export type AcceptInvitationModel = z.infer<typeof AcceptInvitationModel>;

export const ConfirmEmailChangeModel = z
  .object({ token: t.text(maxTextLength('token')).min(1, 'The confirmation token is required.') })
  .meta({ id: 'ConfirmEmailChangeModel', description: 'The token e-mailed to the new address.' });
export type ConfirmEmailChangeModel = z.infer<typeof ConfirmEmailChangeModel>;
