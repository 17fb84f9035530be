/** Supporting models of the business routes (not in the vendor SDK). Plain zod: shared with the client. */
import { z } from 'zod';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

const businessName = t.text(maxTextLength('name', 'CreateBusinessModel'));
const zone = t.text(maxTextLength('ianaTimeZone'));
/** ISO 3166-1 alpha-2, any case on input (stored upper case). */
const countryCode = t.text(2).regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166-1 country code');

export const BusinessModel = z
  .object({
    id: t.int32,
    name: t.string,
    externalId: t.string.nullable(),
    ianaTimeZone: t.string.meta({ description: 'IANA zone of the business, e.g. `Europe/London`.' }),
    smsNotificationsEnabled: t.bool.meta({ description: 'Whether PIN resets may be sent by text message.' }),
    country: t.string.meta({
      description:
        'ISO 3166-1 alpha-2 country of the business (default `GB`). It selects the regional models of the vendor\'s API: ' +
        '`AU`, `NZ`, `SG` and `MY` are answered in the Au, Nz, Sg and My shapes where the contract has them; any other country in the UK shapes.',
    }),
  })
  .meta({ id: 'BusinessModel', description: 'A business (tenant): the minimal record the kiosk service keeps.' });
export type BusinessModel = z.infer<typeof BusinessModel>;

export const CreateBusinessModelInput = z
  .object({
    name: businessName.nullish(),
    externalId: t.text(maxTextLength('externalId')).nullish(),
    ianaTimeZone: zone.nullish().meta({ description: 'Defaults to `Europe/London`.' }),
    smsNotificationsEnabled: t.bool.default(false),
    country: countryCode.nullish().meta({ description: 'ISO 3166-1 alpha-2 (e.g. `AU`); defaults to `GB`. Selects the regional models.' }),
  })
  .meta({ id: 'CreateBusinessModel' });
export type CreateBusinessModelInput = z.infer<typeof CreateBusinessModelInput>;

export const UpdateBusinessModelInput = z
  .object({
    name: businessName.nullish(),
    ianaTimeZone: zone.nullish().meta({ description: 'Left unchanged when omitted.' }),
    smsNotificationsEnabled: t.bool.nullish().meta({ description: 'Left unchanged when omitted.' }),
    country: countryCode.nullish().meta({ description: 'Left unchanged when omitted. Changing it changes which regional models the business is answered in.' }),
  })
  .meta({ id: 'UpdateBusinessModel',
    description: 'The changeable fields of a business. Other BusinessModel fields (id, externalId) are ignored.',
  });
export type UpdateBusinessModelInput = z.infer<typeof UpdateBusinessModelInput>;
