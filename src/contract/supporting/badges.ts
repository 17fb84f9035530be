/**
 * Supporting models of badges (a project extension: the vendor signs people in with PINs only). A
 * badge is a printed QR code or an NFC tag with a random token; the service keeps only digests of
 * it. Plain zod: shared with the client.
 */
import { z } from 'zod';
import { BADGE_MODES, BADGE_TOKEN_LENGTH } from '../../domain/badges';
import { KioskEmployeeModel } from '../generated/models';
import { maxTextLength } from '../inputLimits';
import * as t from '../wireTypes';

const modeDescription =
  '`pin`: PIN only, badges are refused. `badge`: a badge signs the person in on its own (the name and PIN still work, for a ' +
  'forgotten badge). `badge-then-pin`: a badge picks the person and their PIN confirms it, so a found badge is not enough.';

export const BadgeSettingsModel = z
  .object({ mode: z.enum(BADGE_MODES).default('pin').meta({ description: `${modeDescription} Default \`pin\`.` }) })
  .strict()
  .meta({ id: 'BadgeSettingsModel', description: "Project extension: how the business's kiosks accept badges (a kiosk may choose its own)." });
export type BadgeSettingsModel = z.infer<typeof BadgeSettingsModel>;

export const KioskBadgeSettingsModel = z
  .object({
    mode: z
      .enum(BADGE_MODES)
      .nullable()
      .default(null)
      .meta({ description: `This kiosk's own mode; null: the business's. ${modeDescription}` }),
  })
  .strict()
  .meta({ id: 'KioskBadgeSettingsModel', description: 'Project extension: how this kiosk accepts badges.' });
export type KioskBadgeSettingsModel = z.infer<typeof KioskBadgeSettingsModel>;

export const IssueBadgesModel = z
  .object({
    employeeIds: t
      .list(t.int32, 200)
      .min(1, 'choose at least one person')
      .meta({ description: 'The people to issue badges to (at most 200 at once); each loses the badge they had.' }),
  })
  .strict()
  .meta({ id: 'IssueBadgesModel' });
export type IssueBadgesModel = z.infer<typeof IssueBadgesModel>;

export const IssuedBadgeModel = z
  .object({
    badgeId: t.int32,
    employeeId: t.int32,
    employeeName: t.string,
    businessName: t.string,
    token: t.string.meta({
      description: `The badge's token (\`KCB1\` and 32 base32 characters). Answered only now: the service keeps digests of it, never the token.`,
    }),
    issuedUtc: t.dateTime,
  })
  .meta({ id: 'IssuedBadgeModel', description: 'Project extension: a badge just issued, with the token to print or write to a tag.' });
export type IssuedBadgeModel = z.infer<typeof IssuedBadgeModel>;

export const BadgeModel = z
  .object({
    badgeId: t.int32,
    employeeId: t.int32,
    issuedUtc: t.dateTime,
    verifier: t.string.meta({
      description:
        "What a tablet compares a scanned token with while offline: base64url SHA-256 of a fixed context and the token (src/domain/badges.ts). It does not reveal the token, and the service does not accept it as one.",
    }),
  })
  .meta({ id: 'BadgeModel', description: 'Project extension: a badge in use (never its token).' });
export type BadgeModel = z.infer<typeof BadgeModel>;

export const KioskBadgesModel = z
  .object({
    mode: z.enum(BADGE_MODES).meta({ description: `The mode this kiosk uses now (its own, else the business's). ${modeDescription}` }),
    badges: z.array(BadgeModel).meta({ description: 'The badges in use of the people listed at this kiosk, by employee. A revoked badge is no longer listed.' }),
  })
  .meta({ id: 'KioskBadgesModel', description: 'Project extension: what a tablet needs to accept badges, also offline.' });
export type KioskBadgesModel = z.infer<typeof KioskBadgesModel>;

export const BadgeCheckInputModel = z
  .object({
    token: z
      .string({ error: 'token is required' })
      .max(maxTextLength('token'), `must be at most ${maxTextLength('token')} characters long`)
      .meta({ description: `The scanned token, as read (${BADGE_TOKEN_LENGTH} characters).`, example: 'KCB1ABCDEFGHIJKLMNOPQRSTUVWXYZ234567' }),
  })
  .strict()
  .meta({ id: 'BadgeCheckInputModel' });
export type BadgeCheckInputModel = z.infer<typeof BadgeCheckInputModel>;

export const BadgeCheckModel = z
  .object({
    badgeId: t.int32,
    pinRequired: t.bool.meta({
      description: 'False: the badge signed the person in. (At a kiosk in `badge-then-pin` mode a badge alone is answered 403 `pin-required` instead.)',
    }),
    employee: KioskEmployeeModel,
  })
  .meta({ id: 'BadgeCheckModel', description: 'Project extension: whose badge was scanned.' });
export type BadgeCheckModel = z.infer<typeof BadgeCheckModel>;
