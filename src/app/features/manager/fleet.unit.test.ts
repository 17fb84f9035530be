import { describe, expect, it } from 'vitest';
import type { FleetDeviceModel } from '../../../contract/routes/devices';
import { fleetToneOf, sortFleet } from './fleet';

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
    expect(fleetToneOf(healthy)).toBe('ok');
    expect(fleetToneOf(device(2, { isSilent: true }))).toBe('alert');
    expect(fleetToneOf(device(3, { health: { ...healthy.health!, needsAttention: 2 } }))).toBe('alert');
    expect(fleetToneOf(device(4, { health: { ...healthy.health!, queueDepth: 1 } }))).toBe('warning');
    expect(fleetToneOf(device(5, { health: { ...healthy.health!, clockOffsetMs: -120_000 } }))).toBe('warning');
    expect(fleetToneOf(device(6, { health: { ...healthy.health!, storagePersisted: false } }))).toBe('warning');
    expect(fleetToneOf(device(7, { health: null }))).toBe('warning');
  });

  it('puts silent devices first, then by trouble, kiosk and name', () => {
    const list = [
      device(1, { name: 'B' }),
      device(2, { name: 'A', health: { ...device(0).health!, queueDepth: 3 } }),
      device(3, { name: 'C', isSilent: true }),
      device(4, { name: 'A' }),
    ];
    expect(sortFleet(list).map((d) => d.id)).toEqual([3, 2, 4, 1]);
  });
});
