/**
 * What the fleet list says about one device, decided outside React so it can be tested: which
 * facts to show and which of them are warnings (silent, a queue waiting, refused entries, a clock
 * that is off, storage the browser may clear, badge checks locked by unknown badges). The silent flag itself comes from the service.
 */
import type { FleetDeviceModel } from '../../../contract/routes/devices';
import { SKEW_WARNING_MS } from '../../../offline/clock';

export type FleetTone = 'ok' | 'warning' | 'alert';

/** Until when the device refuses every badge, as it last reported, if that is still ahead at `now`. */
export function badgeLockOf(device: FleetDeviceModel, now: Date): Date | null {
  const until = device.health?.badgeLockedUntilUtc;
  return until && Date.parse(until) > now.getTime() ? new Date(until) : null;
}

/** How a device's row is marked: alert when silent, holding refused entries or locked by unknown badges; warning for lesser troubles. */
export function fleetToneOf(device: FleetDeviceModel, now: Date): FleetTone {
  if (device.isSilent || (device.health?.needsAttention ?? 0) > 0 || badgeLockOf(device, now)) return 'alert';
  const health = device.health;
  if (!health) return 'warning';
  if (health.queueDepth > 0 || Math.abs(health.clockOffsetMs) >= SKEW_WARNING_MS || health.storagePersisted === false) return 'warning';
  return 'ok';
}

/** Silent devices first, then by kiosk and name, so what needs a look is on top. */
export function sortFleet(devices: readonly FleetDeviceModel[], now: Date): FleetDeviceModel[] {
  const rank: Record<FleetTone, number> = { alert: 0, warning: 1, ok: 2 };
  return [...devices].sort(
    (a, b) =>
      Number(b.isSilent) - Number(a.isSilent) ||
      rank[fleetToneOf(a, now)] - rank[fleetToneOf(b, now)] ||
      a.kioskName.localeCompare(b.kioskName) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}
