/**
 * The limits on accepted request fields, in one table: how long each text may be, the range of
 * the few decimals that have one, and how many items an array may hold. The contract states none
 * of them; without them a caller could store a megabyte as a name or send half a million ids.
 *
 * scripts/generateContract.ts bakes these into the generated input models (`XInput`), and the
 * supporting models read them by field name, so every request model follows this one table. zod's
 * `.max()` also becomes `maxLength`/`maxItems` in the OpenAPI document. Lengths are what the
 * vendor's own forms plausibly allow; docs/api.md lists them ("Limits on input").
 */
import { MAX_DISPUTE_NOTE_LENGTH } from '../domain/lineDisputes';
import { MAX_NOTE_LENGTH } from '../domain/notes';

export interface TextLimit {
  /** Field names (`firstName`), or `Model.field` for a model that needs another length. */
  fields: readonly string[];
  max: number;
  /** Why this length (shown in docs/api.md's table). */
  reason: string;
}

/** The longest text of any field the table does not name. */
export const DEFAULT_TEXT_MAX = 255;

export const TEXT_LIMITS: readonly TextLimit[] = [
  { fields: ['firstName', 'middleName', 'preferredName', 'surname'], max: 100, reason: 'a personal name' },
  { fields: ['title', 'gender'], max: 50, reason: 'a short choice such as "Dr" or "Female"' },
  {
    fields: ['name'],
    max: 100,
    reason: 'a display name (kiosk, location, work type, employee group, user, device)',
  },
  { fields: ['CreateBusinessModel.name', 'UpdateBusinessModel.name'], max: 200, reason: 'a trading name' },
  { fields: ['email', 'emailAddress', 'username'], max: 254, reason: 'the longest e-mail address (RFC 5321)' },
  { fields: ['mobileNumber', 'mobilePhone', 'homePhone', 'workPhone'], max: 40, reason: 'E.164 (15 digits) with spacing and an extension' },
  {
    fields: ['note', 'notes', 'comments', 'hiddenComments'],
    max: MAX_NOTE_LENGTH,
    reason: 'the shift-note limit of src/domain/notes.ts',
  },
  {
    fields: ['externalId', 'externalAccountingLocationId', 'generalLedgerMappingCode', 'source'],
    max: 100,
    reason: "another system's identifier or code",
  },
  { fields: ['shortCode'], max: 50, reason: 'a work-type code' },
  { fields: ['AttestationWordingInputModel.text'], max: 200, reason: 'a question asked at clock-off, read on a tablet' },
  { fields: ['AttestationAnswerWordingModel.text'], max: 100, reason: 'one answer to a question at clock-off, a button on a tablet' },
  { fields: ['PhotoPolicyModel.notice'], max: 1000, reason: "a business's photo notice: a short paragraph read on a tablet" },
  { fields: ['fullyQualifiedName'], max: 1000, reason: 'a location path (ignored on input: the service builds it)' },
  {
    fields: ['residentialStreetAddress', 'residentialAddressLine2', 'postalStreetAddress', 'postalAddressLine2'],
    max: 200,
    reason: 'an address line',
  },
  {
    fields: [
      'residentialSuburb',
      'residentialCity',
      'residentialCounty',
      'residentialState',
      'postalSuburb',
      'postalCity',
      'postalCounty',
      'postalState',
      'state',
    ],
    max: 100,
    reason: 'a place name',
  },
  { fields: ['residentialPostCode', 'postalPostCode'], max: 20, reason: 'a postcode' },
  { fields: ['timeZone', 'ianaTimeZone'], max: 64, reason: 'a time-zone name (the longest IANA name has 32 characters)' },
  { fields: ['ipAddress'], max: 45, reason: 'the longest textual IPv6 address' },
  {
    fields: [
      'backgroundColour',
      'textColour',
      'textHoverColour',
      'textSecondaryColour',
      'darkModeBackgroundColour',
      'darkModeTextColour',
      'darkModeTextSecondaryColour',
    ],
    max: 50,
    reason: 'a CSS colour',
  },
  { fields: ['logoUrl', 'backgroundImageUrl', 'darkModeLogoUrl', 'profileImageUrl'], max: 2048, reason: 'a URL' },
  { fields: ['specificReports', 'value'], max: 2000, reason: 'a list of report names or filter values' },
  {
    fields: ['pin', 'oldPin', 'newPin'],
    max: 64,
    reason: 'a bound on what is read at all; the PIN policy (src/domain/pinPolicy.ts) then answers a new PIN that is not 4 to 8 digits with invalid-pin',
  },
  { fields: ['password'], max: 256, reason: 'a pass phrase (bounds the work of hashing it)' },
  { fields: ['token', 'refresh_token'], max: 512, reason: 'a token this service issued' },
  { fields: ['client_id', 'client_secret'], max: 256, reason: 'OAuth client credentials (ignored)' },
  { fields: ['grant_type', 'token_type_hint', 'scope'], max: 100, reason: 'an OAuth keyword' },
  { fields: ['keyId'], max: 100, reason: 'a sealing key id this service issued' },
  {
    fields: ['LineDisputeInputModel.note', 'reply'],
    max: MAX_DISPUTE_NOTE_LENGTH,
    reason: "a person's dispute of a timesheet line, or a manager's reply (src/domain/lineDisputes.ts)",
  },
  { fields: ['disputeKey'], max: 100, reason: 'a UUID the kiosk made' },
  { fields: ['webHookUri'], max: 2000, reason: 'a web hook target URL' },
  { fields: ['WebHook.id'], max: 64, reason: "a web hook registration's id (it travels in the path)" },
  { fields: ['WebHook.secret'], max: 256, reason: "a web hook's shared signing secret" },
  { fields: ['WebHook.headers'], max: 4096, reason: 'an extra header value sent with each web hook delivery (room for a bearer token)' },
];

/** The longest text a field accepts (`model` is the model's contract name, e.g. `AccessModel`). */
export function maxTextLength(field: string, model?: string): number {
  const qualified = model ? `${model}.${field}` : null;
  const specific = qualified ? TEXT_LIMITS.find((limit) => limit.fields.includes(qualified)) : undefined;
  return (specific ?? TEXT_LIMITS.find((limit) => limit.fields.includes(field)))?.max ?? DEFAULT_TEXT_MAX;
}

/** Decimals with a natural range (anything else may be any finite number). */
export const NUMBER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  latitude: [-90, 90],
  longitude: [-180, 180],
};

/**
 * The most items any array in a request may hold: id lists (shift conditions, notes, kiosks,
 * locations...), breaks, access entries. Far above any real form, and far below what one SQL
 * statement can take as parameters.
 */
export const MAX_ARRAY_ITEMS = 1000;

/**
 * Arrays whose items hold arrays of ids themselves: the ids of all items are checked in one
 * statement, which PostgreSQL limits to 65,535 parameters, so these hold fewer items.
 */
export const ARRAY_LIMITS: Readonly<Record<string, number>> = {
  // Each entry lists up to MAX_ARRAY_ITEMS locations; real grants have one entry per filter type.
  locationAccess: 50,
};

/** The most items the array field `field` may hold. */
export function maxArrayItems(field: string): number {
  return ARRAY_LIMITS[field] ?? MAX_ARRAY_ITEMS;
}
