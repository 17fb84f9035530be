/**
 * Project extension routes of badges (not in the vendor SDK): a badge is a printed QR code or an
 * NFC tag with a random token that signs one person in at a kiosk without a memorised PIN (or
 * picks them before their PIN). The business and each kiosk choose how badges are accepted;
 * managers issue and revoke them at a kiosk; the kiosk's tablets check scans and keep verifiers
 * for the outages.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import {
  BadgeCheckInputModel,
  BadgeCheckModel,
  BadgeSettingsModel,
  IssueBadgesModel,
  IssuedBadgeModel,
  KioskBadgeSettingsModel,
  KioskBadgesModel,
} from '../supporting/badges';
import {
  access,
  businessParams,
  emptyOk,
  idempotencyHeaders,
  jsonBody,
  jsonResponse,
  lockedError,
  mutationErrors,
  pathId,
  rateLimited,
  standardErrors,
} from './common';

export { BadgeCheckInputModel, BadgeCheckModel, BadgeSettingsModel, IssueBadgesModel, IssuedBadgeModel, KioskBadgeSettingsModel, KioskBadgesModel };

const tags = ['Badges (project extension)'];
const B = '/api/v2/business/{businessId}';
const K = `${B}/kiosk/{kioskId}`;
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const getBadgeSettings = defineRoute({
  operationId: 'badges.getSettings',
  ...access('read'),
  method: 'get',
  path: `${B}/badgesettings`,
  tags,
  summary: "How the business's kiosks accept badges",
  description: `${EXTENSION}\`pin\` (PIN only) until an administrator chooses otherwise.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(BadgeSettingsModel, 'The setting.'), ...standardErrors },
});

export const updateBadgeSettings = defineRoute({
  operationId: 'badges.updateSettings',
  ...access('admin', 'users'),
  method: 'put',
  path: `${B}/badgesettings`,
  tags,
  summary: "Choose how the business's kiosks accept badges",
  description: `${EXTENSION}Kiosks with a mode of their own keep it. A field left out takes its default.`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(BadgeSettingsModel) },
  responses: { 200: jsonResponse(BadgeSettingsModel, 'The stored setting.'), ...mutationErrors },
});

export const getKioskBadgeSettings = defineRoute({
  operationId: 'badges.getKioskSettings',
  ...access('kiosk'),
  method: 'get',
  path: `${K}/badgesettings`,
  tags,
  summary: "This kiosk's own badge mode",
  description: `${EXTENSION}null until a manager chooses one: the kiosk then follows the business.`,
  request: { params: kioskParams },
  responses: { 200: jsonResponse(KioskBadgeSettingsModel, 'The setting.'), ...standardErrors },
});

export const updateKioskBadgeSettings = defineRoute({
  operationId: 'badges.updateKioskSettings',
  ...access('admin', 'users'),
  method: 'put',
  path: `${K}/badgesettings`,
  tags,
  summary: "Choose this kiosk's own badge mode",
  description: `${EXTENSION}null: follow the business. The kiosk's tablets pick it up at their next refresh.`,
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(KioskBadgeSettingsModel) },
  responses: { 200: jsonResponse(KioskBadgeSettingsModel, 'The stored setting.'), ...mutationErrors },
});

export const listKioskBadges = defineRoute({
  operationId: 'badges.listKiosk',
  ...access('kiosk'),
  method: 'get',
  path: `${K}/badges`,
  tags,
  summary: 'The badges this kiosk may accept, with its mode',
  description:
    `${EXTENSION}The tablets read it with every refresh and keep the verifiers (never tokens) to accept badges through an outage; ` +
    'a revoked badge drops out of the list, so a revocation reaches a tablet at its next refresh.',
  request: { params: kioskParams },
  responses: { 200: jsonResponse(KioskBadgesModel, 'The mode and the badges in use.'), ...standardErrors },
});

export const issueBadges = defineRoute({
  operationId: 'badges.issue',
  ...access('kiosk', 'users'),
  method: 'post',
  path: `${K}/badges`,
  tags,
  summary: 'Issue badges to people of this kiosk (managers)',
  description:
    `${EXTENSION}A new random token per person (160 bits, never derived from the person); each person's earlier badge is revoked ` +
    'in the same transaction. The tokens are in this answer only: print them (or write them to tags) now. Everyone named must be ' +
    'listed at this kiosk (403 `not-kiosk-enabled`), or nothing is issued. No Idempotency-Key: an answer holding tokens is never stored.',
  request: { params: kioskParams, ...jsonBody(IssueBadgesModel) },
  responses: { 200: jsonResponse(z.array(IssuedBadgeModel), 'The new badges, in the order asked.'), ...standardErrors },
});

export const revokeBadge = defineRoute({
  operationId: 'badges.revoke',
  ...access('kiosk', 'users'),
  method: 'post',
  path: `${K}/badges/{badgeId}/revoke`,
  tags,
  summary: 'Revoke a badge (managers)',
  description:
    `${EXTENSION}The badge is refused at once online and, at a tablet, from its next refresh; a punch made offline with it ` +
    'after the revocation is flagged for a manager. Revoking a revoked badge changes nothing. Its owner must be listed at this kiosk.',
  request: { params: kioskParams.extend({ badgeId: pathId('badgeId') }), headers: idempotencyHeaders },
  responses: { ...emptyOk, ...mutationErrors },
});

export const checkBadge = defineRoute({
  operationId: 'badges.check',
  ...access('kiosk', 'devices'),
  ...rateLimited('pinCheck'),
  method: 'post',
  path: `${K}/badgecheck`,
  tags,
  summary: 'Whose badge was scanned',
  description:
    `${EXTENSION}The tablet sends the scanned token. Refused unread at a kiosk in \`pin\` mode (403 \`badges-off\`) and when it is ` +
    'not a token at all (400 `invalid-badge`). An unknown token (another business\'s included) counts against the device like a ' +
    'wrong PIN against a person: 400 `unknown-badge` with `attemptsLeft`, and after too many in a row 429 `badge-locked`; a ' +
    "revoked token counts as a wrong PIN for its owner (400 `badge-revoked`, and their PIN locks like after wrong PINs). A locked " +
    "person's badge is refused (429 `pin-locked`). At a kiosk in `badge-then-pin` mode a right badge alone signs nobody in: 403 " +
    '`pin-required` names whose badge it is (`employeeId`, `badgeId`), and the sign-in is their PIN (checkpin).',
  request: { params: kioskParams, ...jsonBody(BadgeCheckInputModel) },
  responses: { 200: jsonResponse(BadgeCheckModel, 'The person, signed in by the badge.'), ...standardErrors, ...lockedError },
});
