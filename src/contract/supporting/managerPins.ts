/**
 * Supporting models of the manager PIN (a project extension: the vendor has no manager PIN). A
 * manager sets it once after a password sign-in; a paired tablet then opens manager mode with it.
 * Plain zod: shared with the client.
 */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';
import { OAuthTokenResponse } from './oauth';

const pin = z
  .string({ error: 'pin is required' })
  .max(maxTextLength('pin'), `must be at most ${maxTextLength('pin')} characters long`)
  .meta({ description: 'Digits only, 6 to 8 of them (src/domain/managerPin.ts).', example: '480251' });

export const SetManagerPinModel = z.object({ pin }).strict().meta({ id: 'SetManagerPinModel' });
export type SetManagerPinModel = z.infer<typeof SetManagerPinModel>;

export const ManagerPinStatusModel = z
  .object({
    userId: t.int32.meta({ description: "The caller's user id (the tablet keeps its verifier under it)." }),
    isSet: t.bool,
    setAtUtc: t.dateTime.nullable(),
    lockedUntilUtc: t.dateTime.nullable().meta({ description: 'While in the future, the PIN is refused unchecked.' }),
  })
  .meta({ id: 'ManagerPinStatusModel', description: "Project extension: the caller's own manager PIN in this business." });
export type ManagerPinStatusModel = z.infer<typeof ManagerPinStatusModel>;

export const ManagerPinModel = z
  .object({
    userId: t.int32,
    name: t.string,
    email: t.string,
    setAtUtc: t.dateTime,
    lockedUntilUtc: t.dateTime.nullable(),
  })
  .meta({ id: 'ManagerPinModel', description: "Project extension: a user's manager PIN in this business (never the PIN itself)." });
export type ManagerPinModel = z.infer<typeof ManagerPinModel>;

export const KioskManagerModel = z
  .object({
    userId: t.int32,
    name: t.string,
    lockedUntilUtc: t.dateTime.nullable(),
  })
  .meta({ id: 'KioskManagerModel', description: 'Project extension: a manager who may open manager mode at this kiosk with a manager PIN.' });
export type KioskManagerModel = z.infer<typeof KioskManagerModel>;

export const ManagerPinSignInModel = z
  .object({ userId: t.int32.meta({ description: 'The manager, from the kiosk\'s list of managers.' }), pin })
  .strict()
  .meta({ id: 'ManagerPinSignInModel' });
export type ManagerPinSignInModel = z.infer<typeof ManagerPinSignInModel>;

export const ManagerPinSessionModel = OAuthTokenResponse.extend({
  userId: t.int32,
  email: t.string,
  name: t.string,
  sessionEndsUtc: t.dateTime.meta({ description: 'The session ends then, renewals included: a PIN opens a short session.' }),
}).meta({ id: 'ManagerPinSessionModel', description: 'Project extension: the OAuth tokens of a session opened with a manager PIN.' });
export type ManagerPinSessionModel = z.infer<typeof ManagerPinSessionModel>;
