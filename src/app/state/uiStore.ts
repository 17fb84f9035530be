/**
 * The kiosk's ephemeral UI state, in one place: which step of the employee flow is on screen (a
 * discriminated union, so a step carries exactly what it needs), whether manager mode is open and
 * with which session, and the language chosen at the kiosk. Nothing here is persisted: a reload or
 * the idle timeout returns to the staff grid with nothing typed kept. Durable data lives in
 * IndexedDB (src/offline), server data in TanStack Query.
 */
import { create } from 'zustand';
import type { PunchKind } from '../../domain/attendance';
import type { AskedQuestion, AttestationAnswerRecord } from '../../domain/attestations';
import type { Arrival } from '../../domain/roster';
import type { StatedFinish } from '../../offline/enqueue';
import type { Locale } from '../i18n/catalogue';
import type { WakeLockState } from '../hooks/useWakeLock';

/** A punch chosen on the actions screen, waiting for options or a photo before it is recorded. */
export interface PendingPunch {
  kind: PunchKind;
  fields: Record<string, unknown>;
  /** What was chosen, in words, for the receipt ("Front counter", "Paid break"). */
  labels?: string[];
  /** A clock-off's answers to the questions asked (AttestStep), queued with it. */
  answers?: AttestationAnswerRecord[];
  /** A forgotten clock-off's stated finish (FinishTimeStep), queued with it as a correction. */
  correction?: StatedFinish;
}

export type ReceiptKind = PunchKind | 'note' | 'pinChanged';

export interface Receipt {
  kind: ReceiptKind;
  employeeName: string;
  /** Whose punch it was (for the hours a punch receipt shows). */
  employeeId?: number;
  /** The time of record (ISO). */
  at: string;
  /** The outbox entry, so the receipt can show whether it still waits for the network. */
  entryId: string | null;
  /** What was chosen with the punch, in words. */
  details?: string[];
  /** Recorded without a PIN check (an unverified punch): a manager confirms it. */
  unverified?: boolean;
  /** A clock-on's roster shift as the kiosk matched it, and how early or late. */
  rosterShift?: { startUtc: string; endUtc: string; names: string[]; arrival: Arrival };
  /** A forgotten clock-off: the finish the person gave, which a manager confirms. */
  statedFinishUtc?: string;
  /**
   * The PIN just checked, so "Clock on for today" can follow a forgotten clock-off, and an undone
   * clock-off can return to the actions, without asking again. Memory only, like the whole store.
   */
  pin?: string;
}

/**
 * A person let through unverified while the service cannot be reached (docs/offline-pin.md): their
 * PIN sealed for the service and the photo taken, carried with their punch as an identity claim.
 */
export interface UnverifiedSession {
  employeeId: number;
  keyId: string;
  sealedPin: string;
  /** JPEG base64, when the tablet has a camera. */
  image: string | null;
}

/**
 * A person signed in by a badge the tablet accepted from its kept verifiers (no service to ask):
 * their punches carry the badge as an identity claim, so the service flags one made with a badge
 * revoked meanwhile (docs/badges.md).
 */
export interface OfflineBadgeSession {
  employeeId: number;
  badgeId: number;
}

/** A reset code just sent (by e-mail or text message), or one sent a moment ago: the PIN pad says so. */
export type CodeSent = 'email' | 'sms' | 'recent';

/** Said at the top of the actions screen: what led there (a new PIN after a reset, an undone clock-off). */
export type ActionsNotice = 'pinChanged' | 'pinChangedQueued' | 'clockOffUndone';

export type KioskStep =
  | { step: 'grid' }
  | { step: 'number' }
  /** The camera reads a badge's QR code (kiosks that take badges). */
  | { step: 'scan' }
  | { step: 'pin'; employeeId: number; codeSent?: CodeSent }
  | { step: 'actions'; employeeId: number; pin: string; notice?: ActionsNotice }
  | { step: 'options'; employeeId: number; pin: string; pending: PendingPunch }
  | { step: 'photo'; employeeId: number; pin: string; pending: PendingPunch }
  | { step: 'attest'; employeeId: number; pin: string; pending: PendingPunch; questions: AskedQuestion[] }
  | { step: 'note'; employeeId: number; pin: string }
  | { step: 'myHours'; employeeId: number; pin: string }
  | { step: 'changePin'; employeeId: number; oldPin: string; reason: 'expired' | 'chosen' }
  | { step: 'forgotPin'; employeeId: number }
  | { step: 'done'; receipt: Receipt };

export interface ManagerSession {
  accessToken: string;
  refreshToken: string;
  email: string;
  /** Epoch ms when the access token expires. */
  expiresAt: number;
  /** Opened with the manager PIN (a short session that cannot change the PIN). */
  viaPin?: boolean;
  /** Epoch ms when a PIN session ends, renewals included. */
  endsAt?: number;
}

interface UiState {
  flow: KioskStep;
  mode: 'kiosk' | 'manager';
  manager: ManagerSession | null;
  /** The unverified person now at the kiosk, if any; forgotten with everything else on reset. */
  unverified: UnverifiedSession | null;
  /** The person now at the kiosk by an offline-checked badge, if any; forgotten on reset. */
  badgeSession: OfflineBadgeSession | null;
  /** Language picked at the kiosk for this session; null follows the device default. */
  locale: Locale | null;
  /** Set when a new app version is waiting; calling it activates the version and reloads. */
  applyUpdate: (() => Promise<void>) | null;
  /** Whether the screen is being kept on (for the health panel). */
  wakeLock: WakeLockState;
  go: (next: KioskStep) => void;
  /** Back to the staff grid, forgetting everything typed (idle timeout, cancel, done). */
  reset: () => void;
  setUnverified: (session: UnverifiedSession | null) => void;
  setBadgeSession: (session: OfflineBadgeSession | null) => void;
  openManager: (session: ManagerSession | null) => void;
  closeManager: () => void;
  setManagerSession: (session: ManagerSession | null) => void;
  setLocale: (locale: Locale | null) => void;
  setApplyUpdate: (apply: (() => Promise<void>) | null) => void;
  setWakeLock: (state: WakeLockState) => void;
}

export const useUiStore = create<UiState>((set) => ({
  flow: { step: 'grid' },
  mode: 'kiosk',
  manager: null,
  unverified: null,
  badgeSession: null,
  locale: null,
  applyUpdate: null,
  wakeLock: 'released',
  go: (next) => set({ flow: next }),
  reset: () => set({ flow: { step: 'grid' }, locale: null, unverified: null, badgeSession: null }),
  setUnverified: (unverified) => set({ unverified }),
  setBadgeSession: (badgeSession) => set({ badgeSession }),
  openManager: (session) => set({ mode: 'manager', manager: session, flow: { step: 'grid' }, unverified: null, badgeSession: null }),
  closeManager: () => set({ mode: 'kiosk', manager: null, flow: { step: 'grid' } }),
  setManagerSession: (session) => set({ manager: session }),
  setLocale: (locale) => set({ locale }),
  setApplyUpdate: (applyUpdate) => set({ applyUpdate }),
  setWakeLock: (wakeLock) => set({ wakeLock }),
}));
