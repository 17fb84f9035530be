/**
 * Delivers outbox entries through the typed API client, each with its entry id as the
 * Idempotency-Key, and classifies every failure the way the sync engine needs it: network and
 * 5xx/429 are transient, any other 4xx is a rejection with the service's own message.
 */
import { z, ZodError } from 'zod';
import * as m from '../contract/generated/models';
import { PinFailuresReportModel, SealedPinChangeModel } from '../contract/supporting/kiosk';
import { IdentityClaimInputModel } from '../contract/supporting/kioskExtensions';
import { submitIdentityClaim } from '../contract/routes/kioskExtensions';
import { ShiftCorrectionInputModel, submitShiftCorrection } from '../contract/routes/shiftCorrections';
import { acknowledgeLineChange, LineDisputeInputModel, markDisputeReplySeen, ReadByEmployeeModel, submitLineDispute } from '../contract/routes/myHours';
import { AttestationInputModel, submitAttestation } from '../contract/routes/attestations';
import type { ApiClient, KioskRef } from '../client';
import { isApiClientError, isRetryable } from '../client/errors';
import { sendPunch } from './punchKinds';
import type { OutboxRecord } from './records';
import type { OutboxTransport, SendOutcome } from './syncOutbox';

/** Turns whatever a client call threw into a sync outcome. */
export function classifyFailure(error: unknown): SendOutcome {
  if (error instanceof ZodError) {
    return { kind: 'rejected', status: 0, code: 'invalid-entry', message: `The queued request is not valid: ${error.issues[0]?.message ?? 'unknown problem'}.` };
  }
  if (!isApiClientError(error)) {
    // Not a failure of the network or the service: retrying would fail the same way forever.
    return { kind: 'rejected', status: 0, code: 'client-error', message: error instanceof Error ? error.message : String(error) };
  }
  if (error.kind === 'network') {
    return { kind: 'transient', offline: true, status: null, retryAfterMs: null, message: error.timedOut ? 'The service did not answer in time.' : 'The service could not be reached.' };
  }
  if (error.kind === 'invalid-response') {
    return { kind: 'rejected', status: error.status, code: 'invalid-response', message: error.message };
  }
  const message = error.problem?.detail ?? error.problem?.title ?? `The service answered ${error.status}.`;
  if (isRetryable(error)) {
    const retryAfterMs = error.retryAfterSeconds === null ? null : error.retryAfterSeconds * 1000;
    return { kind: 'transient', offline: false, status: error.status, retryAfterMs, message };
  }
  return { kind: 'rejected', status: error.status, code: error.code, message };
}

/** The path ids a queued "read it" entry carries in its body beside the person. */
const SeenEntry = z.object({ disputeId: z.number().int() });
const AcknowledgedEntry = z.object({ lineChangeId: z.number().int() });

async function deliver(client: ApiClient, kiosk: KioskRef, entry: OutboxRecord, shiftId: number | null): Promise<SendOutcome> {
  const options = { idempotencyKey: entry.id };
  const body = entry.body;
  switch (entry.op) {
    case 'clockOn':
    case 'startBreak':
    case 'endBreak':
    case 'clockOff':
    case 'discard':
      return { kind: 'delivered', employee: await sendPunch(client, entry.op, kiosk, body, options) };
    case 'changePin':
      // Queued offline, a PIN change is sealed; the plain form remains for callers that send it directly.
      if ('sealed' in body) return { kind: 'delivered', employee: await client.pins.changePinSealed(kiosk, SealedPinChangeModel.parse(body), options) };
      return { kind: 'delivered', employee: await client.pins.changePin(kiosk, m.ChangeKioskPinModelInput.parse(body), options) };
    case 'addNote': {
      if (shiftId === null) return { kind: 'rejected', status: 400, code: 'shift-unknown', message: 'The note has no shift.' };
      await client.notes.add({ ...kiosk, shiftId }, m.AddNoteModelInput.parse(body), options);
      return { kind: 'delivered', employee: null };
    }
    case 'pinFailures':
      await client.pins.reportFailures(kiosk, PinFailuresReportModel.parse(body), options);
      return { kind: 'delivered', employee: null };
    case 'identityClaim':
      // Sent after the unverified punch it names (same employee, so in order); a project extension.
      await client.call(submitIdentityClaim, { path: kiosk, body: IdentityClaimInputModel.parse(body) }, options);
      return { kind: 'delivered', employee: null };
    case 'shiftCorrection':
      // Sent after the clock-off it names (same employee, so in order); a project extension.
      await client.call(submitShiftCorrection, { path: kiosk, body: ShiftCorrectionInputModel.parse(body) }, options);
      return { kind: 'delivered', employee: null };
    case 'lineDispute':
      // My hours (a project extension): the dispute's key travels in the body, so a copy is one dispute.
      await client.call(submitLineDispute, { path: kiosk, body: LineDisputeInputModel.parse(body) }, options);
      return { kind: 'delivered', employee: null };
    case 'disputeSeen': {
      const { disputeId } = SeenEntry.parse(body);
      await client.call(markDisputeReplySeen, { path: { ...kiosk, disputeId }, body: ReadByEmployeeModel.parse(body) }, options);
      return { kind: 'delivered', employee: null };
    }
    case 'changeAcknowledged': {
      const { lineChangeId } = AcknowledgedEntry.parse(body);
      await client.call(acknowledgeLineChange, { path: { ...kiosk, lineChangeId }, body: ReadByEmployeeModel.parse(body) }, options);
      return { kind: 'delivered', employee: null };
    }
    case 'attestation':
      // The answers given at a clock-off, sent after it (same employee, so in order); a project extension.
      await client.call(submitAttestation, { path: kiosk, body: AttestationInputModel.parse(body) }, options);
      return { kind: 'delivered', employee: null };
  }
}

/** The outbox transport for one enrolled kiosk. */
export function createClientTransport(client: ApiClient, kiosk: KioskRef): OutboxTransport {
  return {
    async send(entry, resolved) {
      try {
        return await deliver(client, kiosk, entry, resolved.shiftId);
      } catch (error) {
        return classifyFailure(error);
      }
    },
    async fetchEmployee(employeeId) {
      try {
        return await client.staff.checkId(kiosk, employeeId);
      } catch {
        return null;
      }
    },
  };
}
