/**
 * Why the kiosk refuses to queue a punch or a note: the state machine's codes and the outbox's own.
 * A list of its own, free of the browser's storage and network, so the app's words for problem codes
 * (and the node-side tests that load them) can name every refusal without loading the outbox.
 * `storage-failed`: the tablet's own storage refused the write (full, or broken), so nothing was queued.
 */
import { PUNCH_ERROR_CODES } from '../domain/attendance';

export const ENQUEUE_ERROR_CODES = [...PUNCH_ERROR_CODES, 'unknown-employee', 'no-open-shift', 'invalid-note', 'invalid-entry', 'storage-failed'] as const;
export type EnqueueErrorCode = (typeof ENQUEUE_ERROR_CODES)[number];
