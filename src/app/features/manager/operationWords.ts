/**
 * The words for each kind of entry a tablet queues (a punch, a note, a PIN change, a report...),
 * shared by the screens that list the queue: This device's health panel and the read-only view.
 */
import type { OutboxOperation } from '../../../offline/records';
import type { MessageKey } from '../../i18n/catalogue';

export const OPERATION_KEYS: Readonly<Record<OutboxOperation, MessageKey>> = {
  clockOn: 'health.op.clockOn',
  startBreak: 'health.op.startBreak',
  endBreak: 'health.op.endBreak',
  clockOff: 'health.op.clockOff',
  discard: 'health.op.discard',
  addNote: 'health.op.addNote',
  changePin: 'health.op.changePin',
  pinFailures: 'health.op.pinFailures',
  identityClaim: 'health.op.identityClaim',
  shiftCorrection: 'health.op.shiftCorrection',
  attestation: 'health.op.attestation',
  lineDispute: 'health.op.lineDispute',
  disputeSeen: 'health.op.disputeSeen',
  changeAcknowledged: 'health.op.changeAcknowledged',
};
