/**
 * When a kiosk device counts as silent: not heard from (any request or health report) for longer
 * than the service's threshold, counted from its enrolment when it was never heard from. Pure, so
 * the service computes the flag once and every client shows the same devices flagged.
 */

export const DEFAULT_DEVICE_SILENT_MINUTES = 15;

export interface DeviceContact {
  enrolledAt: Date;
  /** The latest request the device made, if any. */
  lastSeenAt: Date | null;
  /** When the service received the device's latest health report, if any. */
  healthReceivedAt: Date | null;
}

/** The latest contact of any kind, or null when the device was never heard from. */
export function lastHeardAt(contact: DeviceContact): Date | null {
  const times = [contact.lastSeenAt, contact.healthReceivedAt].filter((time): time is Date => time !== null);
  if (times.length === 0) return null;
  return new Date(Math.max(...times.map((time) => time.getTime())));
}

/** True when the device has been quiet for longer than `silentMinutes` at `now`. */
export function isDeviceSilent(contact: DeviceContact, now: Date, silentMinutes: number): boolean {
  const since = lastHeardAt(contact) ?? contact.enrolledAt;
  return now.getTime() - since.getTime() > silentMinutes * 60_000;
}
