/**
 * Un-enrolling this device, in the one safe order: pause syncing (so nothing is sent with a
 * credential about to die), revoke the credential at the service (an unknown or already revoked
 * device counts as done), then revoke the manager's tokens and forget the enrolment. If the service
 * cannot be reached, syncing resumes and nothing is forgotten, so the tablet is never set up again
 * while its old credential still works. Unsent punches stay in the outbox (clearEnrolment keeps them).
 */
import { toFailure } from './failures';

export interface RemoveDeviceSteps {
  pauseSync(): void;
  resumeSync(): void;
  revokeDevice(): Promise<void>;
  revokeManagerTokens(): Promise<void>;
  forget(): Promise<void>;
}

export async function removeDevice(steps: RemoveDeviceSteps): Promise<void> {
  steps.pauseSync();
  try {
    await steps.revokeDevice();
  } catch (error) {
    const failure = toFailure(error);
    if (!(failure.kind === 'http' && failure.status === 404)) {
      steps.resumeSync();
      throw error;
    }
  }
  await steps.revokeManagerTokens();
  await steps.forget();
}
