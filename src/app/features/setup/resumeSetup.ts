/**
 * Where the set-up flow is, and how it finds its way back there after a reload: the wizard's
 * states, the progress each one keeps (nothing secret), and rebuilding a step from kept progress
 * with a manager connection. Rebuilding reads the business and kiosk again from the service, which
 * is also the check that the kept sign-in still works; a business or kiosk that is gone (or not
 * this manager's) lands on the step that chooses it. Without React.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { BusinessModel, TimeAndAttendanceKioskModel } from '../../../client';
import type { SetupProgress } from './setupProgress';
import { listBusinesses, listKiosks, setupQueryKeys, type ManagerConnection } from './setupApi';

/** A step that needs a signed-in manager, with what was chosen so far. */
export type ResumeTarget = SetupProgress & { step: 'business' | 'kiosk' | 'device' };

export type Wizard =
  | { step: 'service' }
  /** `resume`: after signing in, go on at this step. `ended`: the kept sign-in no longer works. */
  | { step: 'signIn'; serviceUrl: string; resume: ResumeTarget | null; ended: boolean }
  | { step: 'business'; connection: ManagerConnection }
  | { step: 'kiosk'; connection: ManagerConnection; business: BusinessModel }
  | { step: 'device'; connection: ManagerConnection; business: BusinessModel; kiosk: TimeAndAttendanceKioskModel }
  /** Finding the way back to `target` (with `connection`, or with the kept sign-in when null). */
  | { step: 'resuming'; target: ResumeTarget; connection: ManagerConnection | null };

/** The 1-based step number each state shows. */
export const STEP_NUMBER = { service: 1, signIn: 2, business: 3, kiosk: 4, device: 5 } as const;

export function isResumeTarget(progress: SetupProgress): progress is ResumeTarget {
  return progress.step === 'business' || progress.step === 'kiosk' || progress.step === 'device';
}

/** The state a page load starts in, from the progress kept before the reload. */
export function initialWizard(progress: SetupProgress | null): Wizard {
  if (!progress || progress.step === 'service') return { step: 'service' };
  if (isResumeTarget(progress)) return { step: 'resuming', target: progress, connection: null };
  return { step: 'signIn', serviceUrl: progress.serviceUrl, resume: null, ended: false };
}

/**
 * Rebuilds the target step with a working connection. Throws what the service answered (a 401
 * when the sign-in has ended). The lists read on the way are handed to the query cache, so the
 * step shows them without asking again.
 */
export async function resumeWith(connection: ManagerConnection, target: ResumeTarget, queryClient: QueryClient): Promise<Wizard> {
  const businesses = await listBusinesses(connection);
  queryClient.setQueryData(setupQueryKeys.businesses(connection), businesses);
  const business = businesses.find((candidate) => candidate.id === target.businessId);
  if (target.step === 'business' || !business) return { step: 'business', connection };
  const kiosks = await listKiosks(connection, business.id);
  queryClient.setQueryData(setupQueryKeys.kiosks(connection, business.id), kiosks);
  const kiosk = kiosks.find((candidate) => candidate.id === target.kioskId);
  if (target.step === 'kiosk' || !kiosk) return { step: 'kiosk', connection, business };
  return { step: 'device', connection, business, kiosk };
}
