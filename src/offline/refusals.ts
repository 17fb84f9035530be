/**
 * Why the kiosk refuses to queue a punch or a note: the state machine's codes and the outbox's own.
 * A list of its own, free of the browser's storage and network, so the app's words for problem codes
 * (and the node-side tests that load them) can name every refusal without loading the outbox.
 */
import { PUNCH_ERROR_CODES } from '../domain/attendance';

export const ENQUEUE_ERROR_CODES = [...PUNCH_ERROR_CODES, 'unknown-employee', 'no-open-shift', 'invalid-note', 'invalid-entry'] as const;
export type EnqueueErrorCode = (typeof ENQUEUE_ERROR_CODES)[number];
