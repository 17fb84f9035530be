/**
 * Project extension routes for punch photos (not in the vendor SDK): the business's photo policy
 * (how long photos are kept, who may see them), what the retention job deleted, and one person's
 * photos exported or erased. Only people reach them: a device never reads a photo back.
 */
import { z } from 'zod';
import { defineRoute } from './define';
import {
  DEFAULT_PHOTO_POLICY,
  EmployeePhotoModel,
  PhotoExemptionAnswerModel,
  PhotoExemptionModel,
  PhotoNoticeAcknowledgementInputModel,
  PhotoNoticeAcknowledgementModel,
  PhotoPolicyModel,
  PhotoRetentionRunModel,
  PhotosErasedModel,
} from '../supporting/photos';
import { access, businessParams, idempotencyHeaders, jsonBody, jsonResponse, mutationErrors, pathId, standardErrors } from './common';
import { PAGE_LIMITS } from '../paging';
import { pageQuery, pagingText } from './odataQuery';

export {
  DEFAULT_PHOTO_POLICY,
  EmployeePhotoModel,
  PhotoExemptionAnswerModel,
  PhotoExemptionModel,
  PhotoNoticeAcknowledgementInputModel,
  PhotoNoticeAcknowledgementModel,
  PhotoPolicyModel,
  PhotoRetentionRunModel,
  PhotosErasedModel,
};

const tags = ['Photos (project extensions)'];
const B = '/api/v2/business/{businessId}';
const employeeParams = businessParams.extend({ employeeId: pathId('employeeId') });
const kioskParams = businessParams.extend({ kioskId: pathId('kioskId') });
const EXTENSION = 'Project extension (not in the vendor API). ';

export const getPhotoPolicy = defineRoute({
  operationId: 'photos.getPhotoPolicy',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/photopolicy`,
  tags,
  summary: 'How long punch photos are kept, and who may see them',
  description: `${EXTENSION}Defaults until a manager saves it.`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(PhotoPolicyModel, 'The policy, every field present.'), ...standardErrors },
});

export const updatePhotoPolicy = defineRoute({
  operationId: 'photos.updatePhotoPolicy',
  ...access('admin', 'users'),
  method: 'put',
  path: `${B}/photopolicy`,
  tags,
  summary: 'Save the photo policy',
  description: `${EXTENSION}The body replaces the stored policy: a field left out takes its default. A shorter retention applies at the retention job's next run.`,
  request: { params: businessParams, headers: idempotencyHeaders, ...jsonBody(PhotoPolicyModel) },
  responses: { 200: jsonResponse(PhotoPolicyModel, 'The stored policy.'), ...mutationErrors },
});

export const listPhotoRetentionRuns = defineRoute({
  operationId: 'photos.listPhotoRetentionRuns',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/photoretentionruns`,
  tags,
  summary: 'When the photo retention job ran, and what it deleted here',
  description: `${EXTENSION}Every run of the job (hourly), with how many of this business's photos it deleted (counts, never images). ${pagingText(PAGE_LIMITS.history, 'newest first')}`,
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.history) },
  responses: { 200: jsonResponse(z.array(PhotoRetentionRunModel), 'Runs, newest first.'), ...standardErrors },
});

export const exportEmployeePhotos = defineRoute({
  operationId: 'photos.exportEmployeePhotos',
  ...access('admin', 'users'),
  method: 'get',
  path: `${B}/employee/{employeeId}/photos`,
  tags,
  summary: "Export one person's punch photos, with the images",
  description: `${EXTENSION}For a person's request to see what is held about them. ${pagingText(PAGE_LIMITS.photos, 'oldest first, by punch id')}`,
  request: { params: employeeParams, query: pageQuery(PAGE_LIMITS.photos) },
  responses: { 200: jsonResponse(z.array(EmployeePhotoModel), 'One page of photos, oldest first.'), ...standardErrors },
});

export const eraseEmployeePhotos = defineRoute({
  operationId: 'photos.eraseEmployeePhotos',
  ...access('admin', 'users'),
  method: 'delete',
  path: `${B}/employee/{employeeId}/photos`,
  tags,
  summary: "Erase one person's punch photos",
  description: `${EXTENSION}Deletes every photo of the person's punches; the punches stay (without a photo). Erasing again deletes nothing more, so the route takes no Idempotency-Key.`,
  request: { params: employeeParams },
  responses: { 200: jsonResponse(PhotosErasedModel, 'How many photos were erased.'), ...standardErrors },
});

export const listPhotoExemptions = defineRoute({
  operationId: 'photos.listPhotoExemptions',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/photoexemptions`,
  tags,
  summary: 'Who is exempt from punch photos',
  description: `${EXTENSION}The ids of the business's employees exempt from punch photos, ascending. Kiosk tablets read the same list in their policy (\`GET /api/v2/device\`).`,
  request: { params: businessParams },
  responses: { 200: jsonResponse(z.array(z.number().int()), 'Employee ids, ascending.'), ...standardErrors },
});

export const setPhotoExemption = defineRoute({
  operationId: 'photos.setPhotoExemption',
  ...access('admin', 'users'),
  method: 'put',
  path: `${B}/employee/{employeeId}/photoexemption`,
  tags,
  summary: 'Exempt a person from punch photos, or end it',
  description:
    `${EXTENSION}An exempt person's punches are made without a photo, even at a kiosk that requires one, and are marked \`photoExempt\` ` +
    "in the punch audit trail; a photo a tablet still sends for them (it had not heard yet) is dropped, not stored. Their photos already " +
    'kept stay until their time or an erasure. Setting what already holds changes nothing, so the route takes no Idempotency-Key.',
  request: { params: employeeParams, ...jsonBody(PhotoExemptionModel) },
  responses: { 200: jsonResponse(PhotoExemptionAnswerModel, 'The exemption as stored.'), ...standardErrors },
});

export const acknowledgePhotoNotice = defineRoute({
  operationId: 'photos.acknowledgePhotoNotice',
  ...access('kiosk', 'devices'),
  method: 'post',
  path: `${B}/kiosk/{kioskId}/photonoticeacknowledgements`,
  tags: ['Kiosk (project extensions)'],
  summary: "A person acknowledged the business's photo notice (queued by the tablet like a punch)",
  description:
    `${EXTENSION}Kept once per person: a later acknowledgement (another tablet that had not heard, a replay) answers the first. ` +
    'Tablets read who has acknowledged in their policy (`GET /api/v2/device`) and do not ask them again. ' +
    'The person must be an employee of the business, and the time not in the future (400 otherwise).',
  request: { params: kioskParams, headers: idempotencyHeaders, ...jsonBody(PhotoNoticeAcknowledgementInputModel) },
  responses: { 200: jsonResponse(PhotoNoticeAcknowledgementModel, 'The acknowledgement as kept.'), ...mutationErrors },
});

export const listPhotoNoticeAcknowledgements = defineRoute({
  operationId: 'photos.listPhotoNoticeAcknowledgements',
  ...access('read', 'users'),
  method: 'get',
  path: `${B}/photonoticeacknowledgements`,
  tags,
  summary: "Who has acknowledged the business's photo notice, and when",
  description: `${EXTENSION}${pagingText(PAGE_LIMITS.history, 'by employee id')}`,
  request: { params: businessParams, query: pageQuery(PAGE_LIMITS.history) },
  responses: { 200: jsonResponse(z.array(PhotoNoticeAcknowledgementModel), 'Acknowledgements, by employee id.'), ...standardErrors },
});
