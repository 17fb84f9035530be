import { describe, expect, it } from 'vitest';
import { isListedAtKiosk, planKioskAccess } from './kioskStaff';

describe('isListedAtKiosk', () => {
  it("lists an employee at a kiosk whose location is one of theirs, and only then", () => {
    expect(isListedAtKiosk(5, [3, 5])).toBe(true);
    expect(isListedAtKiosk(5, [3])).toBe(false);
  });

  it('lists everyone at a kiosk without a location, and an employee without locations everywhere', () => {
    expect(isListedAtKiosk(null, [3])).toBe(true);
    expect(isListedAtKiosk(5, [])).toBe(true);
  });
});

describe('planKioskAccess', () => {
  // Front door at the bakery (1), Counter at the counter (2), a kiosk without a location (3).
  const front = { id: 10, locationId: 1 };
  const counter = { id: 20, locationId: 2 };
  const anywhere = { id: 30, locationId: null };
  const context = { kiosks: [front, counter], businessLocationIds: [1, 2, 4] };

  it('puts a person at another location on this kiosk by adding its location, leaving the other kiosk alone', () => {
    const mia = { isKioskEnabled: true, locationIds: [2] };
    const plan = planKioskAccess(mia, front, true, context);
    expect(plan.next).toEqual({ isKioskEnabled: true, locationIds: [2, 1] });
    expect(plan).toMatchObject({ before: [20], after: [10, 20], alsoAdded: [], alsoRemoved: [] });
  });

  it('takes a person off one kiosk only, keeping them on the other', () => {
    const chloe = { isKioskEnabled: true, locationIds: [1, 2] };
    const plan = planKioskAccess(chloe, front, false, context);
    expect(plan.next).toEqual({ isKioskEnabled: true, locationIds: [2] });
    expect(plan).toMatchObject({ before: [10, 20], after: [20], alsoRemoved: [] });
  });

  it('gives a person without locations every other location when they leave one kiosk', () => {
    const plan = planKioskAccess({ isKioskEnabled: true, locationIds: [] }, front, false, context);
    expect(plan.next).toEqual({ isKioskEnabled: true, locationIds: [2, 4] });
    expect(plan).toMatchObject({ after: [20], alsoRemoved: [] });
  });

  it('switches a person off when this kiosk was their only location (an empty list would mean everywhere)', () => {
    const plan = planKioskAccess({ isKioskEnabled: true, locationIds: [1] }, front, false, { kiosks: [front, counter, anywhere], businessLocationIds: [1, 2] });
    expect(plan.next).toEqual({ isKioskEnabled: false, locationIds: [1] });
    expect(plan).toMatchObject({ before: [10, 30], after: [], alsoRemoved: [30] });
  });

  it('can take someone off a kiosk without a location only by switching them off, and says which kiosks that also affects', () => {
    const plan = planKioskAccess({ isKioskEnabled: true, locationIds: [1, 2] }, anywhere, false, { kiosks: [front, counter, anywhere], businessLocationIds: [1, 2] });
    expect(plan.next.isKioskEnabled).toBe(false);
    expect(plan.alsoRemoved).toEqual([10, 20]);
  });

  it('reports the kiosks that also start listing a person who was switched off', () => {
    const plan = planKioskAccess({ isKioskEnabled: false, locationIds: [2] }, front, true, context);
    expect(plan.next).toEqual({ isKioskEnabled: true, locationIds: [2, 1] });
    expect(plan.alsoAdded).toEqual([20]);
  });

  it('changes nothing when the person is already as asked', () => {
    const state = { isKioskEnabled: true, locationIds: [1] };
    expect(planKioskAccess(state, front, true, context).next).toBe(state);
    expect(planKioskAccess(state, counter, false, context).next).toBe(state);
  });

  it('always ends with the kiosk listing the person exactly as asked, for every state', () => {
    const kiosks = [front, counter, anywhere];
    const locationSets = [[], [1], [2], [4], [1, 2], [2, 4], [1, 2, 4]];
    for (const isKioskEnabled of [true, false]) {
      for (const locationIds of locationSets) {
        for (const kiosk of kiosks) {
          for (const hasAccess of [true, false]) {
            const plan = planKioskAccess({ isKioskEnabled, locationIds }, kiosk, hasAccess, { kiosks, businessLocationIds: [1, 2, 4] });
            expect(plan.after.includes(kiosk.id), JSON.stringify({ isKioskEnabled, locationIds, kiosk, hasAccess })).toBe(hasAccess);
            // An enabled person never ends with an empty list by accident (that would list them everywhere).
            if (locationIds.length > 0 && plan.next.isKioskEnabled) expect(plan.next.locationIds.length).toBeGreaterThan(0);
          }
        }
      }
    }
  });
});
