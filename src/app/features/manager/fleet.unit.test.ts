import { describe, expect, it } from 'vitest';
import type { FleetDeviceModel } from '../../../contract/routes/devices';
import { badgeLockOf, fleetToneOf, sortFleet } from './fleet';

const NOW = new Date('2025-03-01T09:10:00.000Z');

const device = (id: number, over: Partial<FleetDeviceModel> = {}): FleetDeviceModel => ({
  id,
  name: `Tablet ${id}`,
  businessId: 1,
  kioskId: 1,
  kioskName: 'Front door',
  createdUtc: '2025-03-01T08:00:00.000Z',
  lastSeenUtc: '2025-03-01T09:00:00.000Z',
  lastHeardUtc: '2025-03-01T09:00:00.000Z',
  isSilent: false,
  health: {
    queueDepth: 0,
    oldestUnsentUtc: null,
    lastSyncUtc: '2025-03-01T09:00:00.000Z',
    clockOffsetMs: 200,
    appVersion: 'v1',
    storagePersisted: true,
    needsAttention: 0,
    receivedUtc: '2025-03-01T09:00:00.000Z',
  },
  ...over,
});

describe('fleet view', () => {
  it('marks silent devices and refused entries as alerts, lesser troubles as warnings', () => {
    const healthy = device(1);
    expect(fleetToneOf(healthy, NOW)).toBe('ok');
    expect(fleetToneOf(device(2, { isSilent: true }), NOW)).toBe('alert');
    expect(fleetToneOf(device(3, { health: { ...healthy.health!, needsAttention: 2 } }), NOW)).toBe('alert');
    expect(fleetToneOf(device(4, { health: { ...healthy.health!, queueDepth: 1 } }), NOW)).toBe('warning');
    expect(fleetToneOf(device(5, { health: { ...healthy.health!, clockOffsetMs: -120_000 } }), NOW)).toBe('warning');
    expect(fleetToneOf(device(6, { health: { ...healthy.health!, storagePersisted: false } }), NOW)).toBe('warning');
    expect(fleetToneOf(device(7, { health: null }), NOW)).toBe('warning');
  });

  it('marks a device whose badge checks are still locked by unknown badges as an alert, and forgets a lock that has ended', () => {
    const health = device(0).health!;
    const locked = device(8, { health: { ...health, unknownBadgesOffline: 5, badgeLockedUntilUtc: '2025-03-01T09:15:00.000Z' } });
    expect(badgeLockOf(locked, NOW)?.toISOString()).toBe('2025-03-01T09:15:00.000Z');
    expect(fleetToneOf(locked, NOW)).toBe('alert');
    const later = new Date('2025-03-01T09:15:00.000Z');
    expect(badgeLockOf(locked, later)).toBeNull();
    expect(fleetToneOf(locked, later)).toBe('ok');
    // Unknown badges alone (the lock over) are a fact to read, not a trouble.
    expect(fleetToneOf(device(9, { health: { ...health, unknownBadgesOffline: 12, badgeLockedUntilUtc: null } }), NOW)).toBe('ok');
  });

  it('puts silent devices first, then by trouble, kiosk and name', () => {
    const list = [
      device(1, { name: 'B' }),
      device(2, { name: 'A', health: { ...device(0).health!, queueDepth: 3 } }),
      device(3, { name: 'C', isSilent: true }),
      device(4, { name: 'A' }),
    ];
    expect(sortFleet(list, NOW).map((d) => d.id)).toEqual([3, 2, 4, 1]);
  });
});
