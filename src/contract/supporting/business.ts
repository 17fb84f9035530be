/** Supporting models of the business routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

const businessName = t.text(maxTextLength('name', 'CreateBusinessModel'));
const zone = t.text(maxTextLength('ianaTimeZone'));

export const BusinessModel = z
  .object({
    id: t.int32,
    name: t.string,
    externalId: t.string.nullable(),
    ianaTimeZone: t.string.meta({ description: 'IANA zone of the business, e.g. `Europe/London`.' }),
    smsNotificationsEnabled: t.bool.meta({ description: 'Whether PIN resets may be sent by text message.' }),
  })
  .meta({ id: 'BusinessModel', description: 'A business (tenant): the minimal record the kiosk service keeps.' });
export type BusinessModel = z.infer<typeof BusinessModel>;

export const CreateBusinessModelInput = z
  .object({
    name: businessName.nullish(),
    externalId: t.text(maxTextLength('externalId')).nullish(),
    ianaTimeZone: zone.nullish().meta({ description: 'Defaults to `Europe/London`.' }),
    smsNotificationsEnabled: t.bool.default(false),
  })
  .meta({ id: 'CreateBusinessModel' });
export type CreateBusinessModelInput = z.infer<typeof CreateBusinessModelInput>;

export const UpdateBusinessModelInput = z
  .object({
    name: businessName.nullish(),
    ianaTimeZone: zone.nullish().meta({ description: 'Left unchanged when omitted.' }),
    smsNotificationsEnabled: t.bool.nullish().meta({ description: 'Left unchanged when omitted.' }),
  })
  .meta({ id: 'UpdateBusinessModel',
    description: 'The changeable fields of a business. Other BusinessModel fields (id, externalId) are ignored.',
  });
export type UpdateBusinessModelInput = z.infer<typeof UpdateBusinessModelInput>;
